#!/usr/bin/env bash
# notif-lib.sh: shell helpers for driving a notification server on the test desktop.
#
#   Source it AFTER the desktop-up env file:
#     scripts/desktop/desktop-up dunst run/x >/dev/null
#     . run/x/env; . scripts/desktop/notif-lib.sh
#   Sourcing turns on `set -euo pipefail` in the calling shell. Every wait is bounded
#   (NL_TIMEOUT seconds, default 5) and polls for an event, never a fixed sleep.
#
#   nl_wait_for TIMEOUT_S CMD...     until CMD succeeds
#   nl_wait_grep FILE REGEX [S]      until FILE contains REGEX
#   nl_wait_pid PID [S]              until our background PID exits (never kills it)
#   nl_monitor_start FILE / nl_monitor_stop   dbus-monitor of Notifications calls and signals
#   nl_send OUTFILE ARGS...          background `$NL_NOTIFY_SEND --print-id --wait ARGS`
#                                    (default notify-send; `unotify send` takes the same
#                                    arguments); sets NL_NS_PID and NL_ID
#   nl_call METHOD ARGS... / nl_close ID      gdbus calls to org.freedesktop.Notifications
#   nl_popups / nl_popup_newest / nl_wait_popup [S]   visible popup windows (X11)
#   nl_wait_window_class CLASS [S]   until a visible window of CLASS is mapped; sets NL_WIN
#   nl_screenshot FILE [WINDOW]      PNG of the whole screen (or of WINDOW) via `import`
#   nl_click X Y [BUTTON]            click at a screen position
#   nl_invoke KEY INDEX NBUTTONS [ID]   invoke an action "as the user", per server
#   nl_dismiss [ID]                  close the displayed notification "as the user"
#   Executed instead of sourced, it prints this help.
set -euo pipefail

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'
  exit 0
fi

NL_TIMEOUT=${NL_TIMEOUT:-5}
NL_DIR=${NL_DIR:-$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)}
NL_NOTIFY_SEND=${NL_NOTIFY_SEND:-notify-send}
NL_DEST=(--dest org.freedesktop.Notifications --object-path /org/freedesktop/Notifications)
NL_MON_PID=${NL_MON_PID:-} NL_NS_PID=${NL_NS_PID:-} NL_ID=${NL_ID:-}

nl_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# nl_wait_for TIMEOUT_S CMD...: poll CMD until it succeeds; 1 on timeout
nl_wait_for() {
  local end=$(( $(nl_ms) + $1 * 1000 )); shift
  until "$@"; do
    (( $(nl_ms) < end )) || { echo "nl_wait_for: timeout waiting for: $*" >&2; return 1; }
    sleep 0.02
  done
}

# nl_wait_grep FILE REGEX [TIMEOUT_S]: wait until FILE contains REGEX
nl_wait_grep() {
  local f=$1 re=$2 end=$(( $(nl_ms) + ${3:-$NL_TIMEOUT} * 1000 ))
  until grep -qE -- "$re" "$f" 2>/dev/null; do
    (( $(nl_ms) < end )) || { echo "nl_wait_grep: timeout waiting for /$re/ in $f" >&2; return 1; }
    sleep 0.02
  done
}

# nl_wait_pid PID [TIMEOUT_S]: bounded wait for one of OUR background processes (e.g.
# $NL_NS_PID); never kills anything, returns 1 on timeout
nl_wait_pid() {
  local pid=${1:?nl_wait_pid: no pid} end=$(( $(nl_ms) + ${2:-$NL_TIMEOUT} * 1000 ))
  while kill -0 "$pid" 2>/dev/null; do
    (( $(nl_ms) < end )) || { echo "nl_wait_pid: timeout waiting for pid $pid" >&2; return 1; }
    sleep 0.02
  done
  wait "$pid" 2>/dev/null || true
}

# nl_monitor_start FILE: dbus-monitor for all org.freedesktop.Notifications signals and
# method calls; returns once the monitor is registered; sets NL_MON_PID
nl_monitor_start() {
  : >"$1"
  dbus-monitor --session "type='signal',interface='org.freedesktop.Notifications'" \
    "type='method_call',interface='org.freedesktop.Notifications'" >"$1" 2>&1 &
  NL_MON_PID=$!
  nl_wait_grep "$1" 'NameLost|NameAcquired'
}
nl_monitor_stop() {
  [[ -n $NL_MON_PID ]] || return 0
  kill "$NL_MON_PID" 2>/dev/null || true
  wait "$NL_MON_PID" 2>/dev/null || true
  NL_MON_PID=
}

# nl_send OUTFILE ARGS...: `$NL_NOTIFY_SEND --print-id --wait ARGS` in the background (it
# prints the id first, then the invoked action key, if any); sets NL_NS_PID and NL_ID
nl_send() {
  local out=$1; shift
  # shellcheck disable=SC2086
  stdbuf -oL $NL_NOTIFY_SEND --print-id --wait "$@" >"$out" 2>&1 &
  NL_NS_PID=$!
  nl_wait_grep "$out" '^[0-9]+$' || return 1
  NL_ID=$(grep -m1 -E '^[0-9]+$' "$out")
}

nl_call() { gdbus call --session "${NL_DEST[@]}" --method "$@"; }
nl_close() { nl_call org.freedesktop.Notifications.CloseNotification "$1"; }

# nl_popups: visible top-level windows as "WID X Y W H NAME", excluding the root
nl_popups() {
  # shellcheck disable=SC2034  # SCREEN and WINDOW are set by the eval, unused
  local w root X Y WIDTH HEIGHT SCREEN WINDOW
  root=$(xwininfo -root | awk '/Window id:/{print $4}')
  for w in $(xdotool search --onlyvisible --maxdepth 1 --name '' 2>/dev/null); do
    (( w == root )) && continue
    eval "$(xdotool getwindowgeometry --shell "$w" 2>/dev/null)" || continue
    echo "$w $X $Y $WIDTH $HEIGHT $(xdotool getwindowname "$w" 2>/dev/null)"
  done
}

# nl_click X Y [BUTTON]: move the pointer and click (1 left, 2 middle, 3 right).
# No --sync: "mousemove --sync" to the CURRENT position blocks ~15 s (xdotool 3.20160805).
# The pointer is parked at 0,0 afterwards: lxqt-notificationd hides its NEXT popup on the
# first pointer motion if a popup vanished from under the pointer.
nl_click() { xdotool mousemove "$1" "$2" click "${3:-1}" sleep 0.05 mousemove 0 0; }

# nl_wait_window_class CLASS [TIMEOUT_S]: wait until a visible window of CLASS is mapped
# (dunst's popups: class Dunst); sets NL_WIN to the newest one
nl_wait_window_class() {
  local class=$1 end=$(( $(nl_ms) + ${2:-$NL_TIMEOUT} * 1000 )) w
  while :; do
    w=$(xdotool search --onlyvisible --class "$class" 2>/dev/null | tail -n 1 || true)
    if [[ -n $w ]]; then NL_WIN=$w; return 0; fi
    (( $(nl_ms) < end )) || { echo "nl_wait_window_class: no visible '$class' window" >&2; return 1; }
    sleep 0.02
  done
}

# nl_screenshot FILE [WINDOW]: PNG of the screen, or of one window
nl_screenshot() { import -window "${2:-root}" "$1"; }

# ---------------------------------------------------------------------------
# Per-server API (uses $DESKTOP_SERVER / $DESKTOP_STATE_DIR from the env file).
# Pixel-based servers: ONE popup on screen at a time.

# nl_popup_newest: "WID X Y W H NAME" of the newest (top-most) real popup
nl_popup_newest() {
  case $DESKTOP_SERVER in
    notify-osd) # bubbles stay mapped (transparent) after closing; dialogs are normal
                # windows titled with the app_name
      # shellcheck disable=SC2034  # SCREEN and WINDOW are set by the eval, unused
      local w X Y WIDTH HEIGHT SCREEN WINDOW
      w=$(xdotool search --onlyvisible --name "^${NL_OSD_APP:-notify-send}\$" 2>/dev/null | tail -1)
      [[ -n $w ]] || return 1
      eval "$(xdotool getwindowgeometry --shell "$w")"; echo "$w $X $Y $WIDTH $HEIGHT dialog" ;;
    *) nl_popups | awk '$4 > 20 && $5 > 20' | tail -1 | grep . ;;
  esac
}

# nl_wait_popup [TIMEOUT_S]: wait until a popup is mapped and its window id + geometry are
# unchanged over 3 polls (~100 ms); sets NL_WIN NL_X NL_Y NL_W NL_H.
# (Pixel stability is NOT usable: mate draws a live countdown pie.)
nl_wait_popup() {
  local end=$(( $(nl_ms) + ${1:-$NL_TIMEOUT} * 1000 )) prev="" line same=0
  while :; do
    if line=$(nl_popup_newest 2>/dev/null); then
      if [[ $line == "$prev" ]]; then same=$((same + 1)); else same=0; prev=$line; fi
      if (( same >= 2 )); then read -r NL_WIN NL_X NL_Y NL_W NL_H _ <<<"$line"; return 0; fi
    fi
    (( $(nl_ms) < end )) || { echo "nl_wait_popup: no stable popup" >&2; return 1; }
    sleep 0.05
  done
}

# nl_invoke KEY INDEX NBUTTONS [ID]: invoke action KEY, shown as button INDEX (0-based, left
# to right) of NBUTTONS visible buttons. KEY is used by dunst / dbusmock, INDEX/NBUTTONS by
# the pixel-based servers, ID only by dbusmock (default $NL_ID).
# notify-osd dialog buttons are: [non-default actions...][Cancel][OK(=default)].
nl_invoke() {
  local key=$1 idx=$2 n=$3 id=${4:-${NL_ID:-}} opts=(--gap 5) line bx by
  case $DESKTOP_SERVER in
    dunst)
      if [[ $key == default ]]; then dunstctl action 0
      else echo "$key" >"$DESKTOP_STATE_DIR/dunst-pick"; dunstctl context; fi ;;
    dbusmock)
      nl_call org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications ActionInvoked \
        us "[<uint32 ${id:?nl_invoke: id needed for dbusmock}>, <'$key'>]" >/dev/null ;;
    notify-osd|xfce4-notifyd|notification-daemon|mate|lxqt)
      case $DESKTOP_SERVER in
        notify-osd) opts=(--gap 2) ;;                  # dialog buttons are only 4 px apart
        mate) opts=(--gap 5 --min-width 30) ;;         # skip the countdown pie (timeout != 0)
      esac
      xdotool mousemove 0 0                            # no hover/prelight while analysing
      nl_wait_popup "$NL_TIMEOUT" || return 1
      line=$("$NL_DIR/popup-buttons" "$NL_WIN" "$n" "${opts[@]}" | sed -n "$((idx + 1))p")
      [[ -n $line ]] || { echo "nl_invoke: button $idx/$n not found" >&2; return 1; }
      read -r _ bx by _ <<<"$line"
      nl_click "$bx" "$by" ;;
    *) echo "nl_invoke: unsupported server $DESKTOP_SERVER" >&2; return 1 ;;
  esac
}

# nl_dismiss [ID]: close the (single) displayed notification "as the user"
# -> NotificationClosed reason 2, except where noted.
nl_dismiss() {
  local id=${1:-${NL_ID:-}} line bx by
  case $DESKTOP_SERVER in
    dunst) dunstctl close ;;                                  # the top-most notification
    dbusmock)
      nl_call org.freedesktop.DBus.Mock.EmitSignal org.freedesktop.Notifications NotificationClosed \
        uu "[<uint32 ${id:?nl_dismiss: id needed for dbusmock}>, <uint32 2>]" >/dev/null ;;
    xfce4-notifyd|mate)        # click on the body (mate: ALSO emits ActionInvoked "default";
      xdotool mousemove 0 0    #  its close "X" reports reason 1 = expired instead)
      nl_wait_popup "$NL_TIMEOUT" || return 1
      nl_click $((NL_X + NL_W / 2)) $((NL_Y + NL_H / 2)) ;;
    notification-daemon|lxqt)  # click the close "X" (notification-daemon: a body click is the
      xdotool mousemove 0 0    #  "default" action)
      nl_wait_popup "$NL_TIMEOUT" || return 1
      line=$("$NL_DIR/popup-buttons" "$NL_WIN" 1 --top) || return 1
      read -r _ bx by _ <<<"$line"
      nl_click "$bx" "$by" ;;
    notify-osd)                # only the fallback DIALOG can be dismissed: Cancel
      xdotool mousemove 0 0
      nl_wait_popup "$NL_TIMEOUT" || return 1
      line=$("$NL_DIR/popup-buttons" "$NL_WIN" 0 --gap 2 | tail -2 | head -1) || return 1
      read -r _ bx by _ <<<"$line"
      nl_click "$bx" "$by" ;;
    *) echo "nl_dismiss: unsupported server $DESKTOP_SERVER" >&2; return 1 ;;
  esac
}
