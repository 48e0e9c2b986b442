; Inno Setup 6 script: the Windows installer for the PyInstaller bundle.
; Build the bundle first (packaging/README.md), then from the repository root:
;     iscc packaging\windows\sheetdesk.iss
; gives dist\sheetdesk-setup.exe. The [Registry] lines are the file associations of
; packaging/filetypes.json (packaging/filetypes.py prints them; tests/test_packaging.py
; checks that they match). OpenWithProgids adds Sheetdesk to "Open with" without
; taking a type from another program; the ProgIDs are removed on uninstall.

#define AppName "Sheetdesk"
#ifndef AppVersion
  #define AppVersion "0.1.0"
#endif

[Setup]
AppId={{C288A10E-7DD4-56D6-BB26-BECA7EAD5666}
AppName={#AppName}
AppVersion={#AppVersion}
AppPublisher=Sheetdesk
DefaultDirName={autopf}\{#AppName}
DefaultGroupName={#AppName}
DisableProgramGroupPage=yes
PrivilegesRequired=lowest
PrivilegesRequiredOverridesAllowed=dialog
ChangesAssociations=yes
ArchitecturesAllowed=x64compatible
ArchitecturesInstallIn64BitMode=x64compatible
OutputDir=..\..\dist
OutputBaseFilename=sheetdesk-setup
SetupIconFile=..\icons\sheetdesk.ico
UninstallDisplayIcon={app}\sheetdesk.exe
Compression=lzma2
SolidCompression=yes
WizardStyle=modern

[Files]
Source: "..\..\dist\sheetdesk\*"; DestDir: "{app}"; Flags: ignoreversion recursesubdirs createallsubdirs

[Icons]
Name: "{autoprograms}\{#AppName}"; Filename: "{app}\sheetdesk.exe"
Name: "{autoprograms}\{#AppName} GM Screen"; Filename: "{app}\sheetdesk.exe"; Parameters: "gm"

[Registry]
Root: HKA; Subkey: "Software\Classes\.sheetdesk\OpenWithProgids"; ValueType: string; ValueName: "Sheetdesk.Character"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Character"; ValueType: string; ValueName: ""; ValueData: "Sheetdesk character"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Character\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\sheetdesk.exe,0"
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Character\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\sheetdesk.exe"" ""%1"""
Root: HKA; Subkey: "Software\Classes\.encounter\OpenWithProgids"; ValueType: string; ValueName: "Sheetdesk.Encounter"; ValueData: ""; Flags: uninsdeletevalue
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Encounter"; ValueType: string; ValueName: ""; ValueData: "Sheetdesk encounter"; Flags: uninsdeletekey
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Encounter\DefaultIcon"; ValueType: string; ValueName: ""; ValueData: "{app}\sheetdesk.exe,0"
Root: HKA; Subkey: "Software\Classes\Sheetdesk.Encounter\shell\open\command"; ValueType: string; ValueName: ""; ValueData: """{app}\sheetdesk.exe"" gm ""%1"""
Root: HKA; Subkey: "Software\Classes\Applications\sheetdesk.exe\SupportedTypes"; ValueType: string; ValueName: ".sheetdesk"; ValueData: ""
Root: HKA; Subkey: "Software\Classes\Applications\sheetdesk.exe\SupportedTypes"; ValueType: string; ValueName: ".encounter"; ValueData: ""

[Run]
Filename: "{app}\sheetdesk.exe"; Description: "Start {#AppName}"; Flags: nowait postinstall skipifsilent
