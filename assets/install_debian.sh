#!/bin/sh
# Installs the Sweet Home 3D furniture and texture libraries that package
# assets reads, from Debian's packages (no other download):
#   - sweethome3d-furniture: five .sh3f libraries (~820 models) in
#     /usr/share/sweethome3d/furniture/
#   - the sweethome3d jar (94 more models and 27 floor/wall textures), taken
#     out of the .deb with dpkg-deb so that Java is not installed, copied to
#     /usr/share/sweethome3d/sweethome3d.jar
# Without root or apt-get it says so and exits 0: flowbench then falls back to
# primitive shapes (one log line).
set -eu
dir=/usr/share/sweethome3d
have_furniture() { ls "$dir"/furniture/*.sh3f >/dev/null 2>&1; }
if have_furniture && [ -f "$dir/sweethome3d.jar" ]; then
	echo "assets: Sweet Home 3D libraries already installed in $dir"
	exit 0
fi
if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
	echo "assets: not root or no apt-get: cannot install sweethome3d-furniture; flowbench will draw primitive shapes" >&2
	exit 0
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
if ! have_furniture; then
	apt-get install -y -qq --no-install-recommends sweethome3d-furniture
fi
if [ ! -f "$dir/sweethome3d.jar" ]; then
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	chmod 755 "$tmp" # apt-get download runs as _apt
	(cd "$tmp" && apt-get download sweethome3d >/dev/null)
	dpkg-deb -x "$tmp"/sweethome3d_*.deb "$tmp/x"
	mkdir -p "$dir"
	cp "$tmp/x/usr/share/sweethome3d/sweethome3d.jar" "$dir/sweethome3d.jar.tmp"
	mv "$dir/sweethome3d.jar.tmp" "$dir/sweethome3d.jar"
fi
echo "assets: installed $(ls "$dir"/furniture/*.sh3f | wc -l) furniture libraries and $dir/sweethome3d.jar"
