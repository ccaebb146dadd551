# portal-SUITE: clean-SUITE with the real notification portal and a sandbox's tools (scripts/test-portal)
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get -o Acquire::Check-Valid-Until=false update -q
apt-get install -y -q --no-install-recommends dbus-daemon dbus-bin xvfb dunst procps libsqlite3-0 \
  xdg-desktop-portal xdg-desktop-portal-gtk bubblewrap xdg-dbus-proxy libglib2.0-bin
apt-get clean
