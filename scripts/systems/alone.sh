# alone-SUITE: clean-SUITE with only what an app shipped alone meets on a desktop (scripts/test-alone)
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get -o Acquire::Check-Valid-Until=false update -q
# libsqlite3-0: the agent's store (SQLite), which every desktop has and a minimal system lacks.
apt-get install -y -q --no-install-recommends dbus-daemon dbus-bin xvfb dunst procps libsqlite3-0 ||
  apt-get install -y -q --no-install-recommends dbus xvfb dunst procps libsqlite3-0
apt-get clean
