#!/bin/sh
# Takes Escarmouche out of this user's menus: removes what install.sh wrote (the launcher, the
# encounter file type, the icons, the AppStream metainfo), then refreshes the MIME and desktop
# caches so that neither names the type nor the removed launcher any more; then removes this
# unpacked folder (when it is the bundle: its program and _internal/ beside this script).
# The GM's encounters and settings are kept: their folders are named at the end.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
data=${XDG_DATA_HOME:-$HOME/.local/share}
config=${XDG_CONFIG_HOME:-$HOME/.config}

rm -f "$data/applications/escarmouche.desktop" \
    "$data/mime/packages/escarmouche.xml" \
    "$data/mime/application/x-escarmouche+json.xml" \
    "$data/metainfo/io.github.escarmouche.escarmouche.metainfo.xml"
if [ -d "$data/icons/hicolor" ]; then
    find "$data/icons/hicolor" -path '*/apps/escarmouche.*' \
        \( -name escarmouche.png -o -name escarmouche.svg \) -type f -exec rm -f {} +
fi

# The MIME database: rebuilt from the packages left (none may be left: an empty database).
if [ -d "$data/mime" ]; then
    if command -v update-mime-database >/dev/null 2>&1; then
        update-mime-database "$data/mime"
    else  # no shared-mime-info: at least no glob names the type any more
        for f in "$data/mime/globs" "$data/mime/globs2" "$data/mime/types" \
            "$data/mime/subclasses" "$data/mime/aliases" "$data/mime/icons" \
            "$data/mime/generic-icons" "$data/mime/magic" "$data/mime/mime.cache"; do
            if [ -f "$f" ] && grep -q 'escarmouche' "$f" 2>/dev/null; then rm -f "$f"; fi
        done
    fi
fi
# The desktop's cache of which launcher opens which type.
if [ -d "$data/applications" ]; then
    if command -v update-desktop-database >/dev/null 2>&1; then
        update-desktop-database "$data/applications"
    elif [ -f "$data/applications/mimeinfo.cache" ]; then
        sed -i -e 's/escarmouche\.desktop;//g' -e '/^[^=]*=$/d' \
            "$data/applications/mimeinfo.cache"
    fi
fi
if command -v gtk-update-icon-cache >/dev/null 2>&1 && [ -f "$data/icons/hicolor/icon-theme.cache" ]; then
    gtk-update-icon-cache -q -f -t "$data/icons/hicolor" || true
fi

if [ -x "$here/escarmouche" ] && [ -d "$here/_internal" ]; then
    rm -rf "$here"
    echo "Escarmouche is out of the menus and $here is removed."
else
    echo "Escarmouche is out of the menus; $here is not the bundle's folder and is kept."
fi
echo "Your encounters and settings are kept: $data/Escarmouche and $config/Escarmouche."
