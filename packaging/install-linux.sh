#!/usr/bin/env bash
# Adds Sheetdesk to the current user's desktop: menu entries (the app and its GM
# screen), icons, the AppStream metainfo software centres read, and the document types
# (*.sheetdesk opens in Sheetdesk, *.encounter in its GM screen). Needs `sheetdesk` on PATH
# (pip/pipx install, or a PyInstaller bundle linked into ~/.local/bin).
#   packaging/install-linux.sh              install
#   packaging/install-linux.sh --uninstall  remove again
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
repo="$(dirname "$here")"
data="${XDG_DATA_HOME:-$HOME/.local/share}"

# source -> destination, relative to $data (freedesktop icon theme and MIME layout).
files=(
    "$here/sheetdesk.desktop|applications/sheetdesk.desktop"
    "$here/sheetdesk-gm.desktop|applications/sheetdesk-gm.desktop"
    "$here/org.sheetdesk.Sheetdesk.metainfo.xml|metainfo/org.sheetdesk.Sheetdesk.metainfo.xml"
    "$here/sheetdesk-mime.xml|mime/packages/sheetdesk-mime.xml"
    "$repo/resources/icons/sheetdesk.svg|icons/hicolor/scalable/apps/sheetdesk.svg"
    "$here/icons/application-x-sheetdesk-character.svg|icons/hicolor/scalable/mimetypes/application-x-sheetdesk-character.svg"
)

have() { command -v "$1" >/dev/null 2>&1; }

for entry in "${files[@]}"; do
    src="${entry%%|*}" dest="$data/${entry#*|}"
    if [[ ${1:-} == --uninstall ]]; then
        rm -f "$dest"
    else
        install -D -m 644 "$src" "$dest"
    fi
done

# Refresh the caches the desktop reads; each tool is optional.
if have update-mime-database; then update-mime-database "$data/mime"; fi
if have update-desktop-database; then update-desktop-database -q "$data/applications"; fi
if have gtk-update-icon-cache && [[ -f $data/icons/hicolor/index.theme ]]; then
    gtk-update-icon-cache -q -t "$data/icons/hicolor" || true
fi

if [[ ${1:-} == --uninstall ]]; then
    echo "Sheetdesk removed from $data"
    exit 0
fi
if have xdg-mime; then
    xdg-mime default sheetdesk.desktop application/x-sheetdesk-character || true
    xdg-mime default sheetdesk-gm.desktop application/x-sheetdesk-encounter || true
fi
echo "Sheetdesk installed into $data"
have sheetdesk || echo "note: 'sheetdesk' is not on PATH; the menu entry starts it by that name" >&2
