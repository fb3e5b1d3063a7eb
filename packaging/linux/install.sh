#!/bin/sh
# Puts Escarmouche in this user's menus, from the folder this script was unpacked with: the
# launcher (Exec is this folder's program, so leave the folder where it is), the encounter file
# type (double-click opens the encounter), the icons and the AppStream metainfo. No root needed.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}

mkdir -p "$data/applications" "$data/mime/packages" "$data/metainfo" "$data/icons"
cp -R "$here/share/icons/hicolor" "$data/icons/"
cp "$here/share/mime/packages/escarmouche.xml" "$data/mime/packages/"
cp "$here"/share/metainfo/*.metainfo.xml "$data/metainfo/"
# The launcher runs this folder's program; quoted, so that the path may hold spaces.
sed "s|^Exec=escarmouche |Exec=\"$here/escarmouche\" |" \
    "$here/share/applications/escarmouche.desktop" >"$data/applications/escarmouche.desktop"

if command -v update-mime-database >/dev/null 2>&1; then
    update-mime-database "$data/mime"
fi
if command -v update-desktop-database >/dev/null 2>&1; then
    update-desktop-database "$data/applications"
fi
echo "Escarmouche is in the menus; it runs $here/escarmouche."
