from desktop.launch import run

run()
