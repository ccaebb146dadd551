#!/usr/bin/env bash
# notif-lib.sh: the few shell helpers scripts/demo needs on the headless desktop: bounded waits
# and screenshots. Clicking, closing and reading popups live in Swift (TestSupport's
# TestDesktop), which the tests use.
#
#   Source it AFTER the desktop-up env file:
#     scripts/desktop/desktop-up dunst run/x >/dev/null
#     . run/x/env; . scripts/desktop/notif-lib.sh
#   Sourcing turns on `set -euo pipefail` in the calling shell. Every wait is bounded
#   (NL_TIMEOUT seconds, default 5) and polls for an event, never a fixed sleep.
#
#   nl_wait_for TIMEOUT_S CMD...     until CMD succeeds
#   nl_wait_window_class CLASS [S]   until a visible window of CLASS is mapped; sets NL_WIN
#   nl_screenshot FILE [WINDOW]      PNG of the whole screen (or of WINDOW) via `import`
#   Executed instead of sourced, it prints this help.
set -euo pipefail

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi

NL_TIMEOUT=${NL_TIMEOUT:-5}
NL_WIN=${NL_WIN:-}

nl_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# nl_wait_for TIMEOUT_S CMD...: poll CMD until it succeeds; 1 on timeout
nl_wait_for() {
  local end=$(( $(nl_ms) + $1 * 1000 )); shift
  until "$@"; do
    (( $(nl_ms) < end )) || { echo "nl_wait_for: timeout waiting for: $*" >&2; return 1; }
    sleep 0.02
  done
}

# nl_wait_window_class CLASS [TIMEOUT_S]: until a visible window of CLASS is mapped; sets NL_WIN
nl_wait_window_class() {
  local class=$1 end=$(( $(nl_ms) + ${2:-$NL_TIMEOUT} * 1000 )) w
  while :; do
    w=$(xdotool search --onlyvisible --class "$class" 2>/dev/null | tail -n 1 || true)
    if [[ -n $w ]]; then NL_WIN=$w; return 0; fi
    (( $(nl_ms) < end )) || { echo "nl_wait_window_class: no visible '$class' window" >&2; return 1; }
    sleep 0.02
  done
}

# nl_screenshot FILE [WINDOW]: PNG of the whole screen, or of WINDOW
nl_screenshot() { import -window "${2:-root}" "$1"; }
