from desktop.cli import console_main

console_main()
