#!/bin/sh
# Installs what the websocket-bridge tests need on Debian (bookworm):
# Blender (runs its own copy of Debian's python3.11, so the Debian packages
# below are importable inside it), websockets and numpy for the bridges.
# Without them the Blender and Python bridge tests skip with a message.
set -eu
apt-get update
DEBIAN_FRONTEND=noninteractive apt-get install -y blender python3-websockets python3-numpy
blender -b --factory-startup --python-expr "import websockets, numpy; print('blender python ok')" 2>&1 | grep 'blender python ok'
