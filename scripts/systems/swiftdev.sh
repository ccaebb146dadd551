# swiftdev-SUITE: clean-SUITE with Debian's own Swift toolchain (scripts/test-swift-package)
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get -o Acquire::Check-Valid-Until=false update -q
# swiftlang as `apt install swiftlang` brings it: with its recommendations (the C library's
# headers and start files among them); the rest without. What the README's "To build" names
# beside it: g++ (the C++ standard headers: swift-crypto's BoringSSL, which the agent's engine
# links, compiles C++), libdbus-1-dev and libglib2.0-dev (GIO, which the engine links)
apt-get install -y -q -o APT::Install-Recommends=true swiftlang
apt-get install -y -q g++ libdbus-1-dev libglib2.0-dev libsqlite3-dev pkg-config git ca-certificates dbus-daemon dbus-bin xvfb dunst procps ||
  apt-get install -y -q g++ libdbus-1-dev libglib2.0-dev libsqlite3-dev pkg-config git ca-certificates dbus xvfb dunst procps
apt-get clean
