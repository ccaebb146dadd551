# phase-clock.sh: sourced by scripts/test, so that every phase of a run is timed one way and the
# run ends with a table of where its time went.
#
#   phase_clock_start FILE     starts the clock: FILE (a TSV) collects one line a phase; a
#                              sampler notes the load average every 10 s beside it
#   phase NAME CMD...          runs CMD in the foreground as phase NAME; returns CMD's status
#   phase_bg NAME CMD...       starts CMD in the background as phase NAME (its own process;
#                              its output is the caller's to redirect)
#   phase_wait NAME            waits for a background phase; returns its status
#   phase_note NAME STATUS     records a phase that ran elsewhere (STATUS: ok, failed, skipped)
#   phase_table                prints the table: each phase's start (from the run's start),
#                              wall time, end and status, in the order they started, then the
#                              run's total and its load average (mean and max of the samples)
#   phase_clock_stop           stops the sampler
# A phase's line is written when it ends, so the table shows what finished; a phase still
# running when the table is printed (a run cut short) is listed as "running".
PHASE_FILE=
PHASE_T0=
PHASE_SAMPLER=
declare -A PHASE_PID=()

phase_now() { date +%s.%N | cut -c1-14; }

phase_clock_start() {
  PHASE_FILE=$1
  PHASE_T0=$(phase_now)
  : >"$PHASE_FILE"
  : >"$PHASE_FILE.load"
  rm -f "$PHASE_FILE.running"
  ( trap 'exit 0' TERM
    while :; do
      read -r one _ </proc/loadavg && echo "$one" >>"$PHASE_FILE.load"
      sleep 10 & wait $!
    done ) &
  PHASE_SAMPLER=$!
}

phase_clock_stop() {
  [[ -z $PHASE_SAMPLER ]] || kill "$PHASE_SAMPLER" 2>/dev/null || true
  PHASE_SAMPLER=
}

phase_record() {   # phase_record NAME START END STATUS
  printf '%s\t%s\t%s\t%s\n' "$1" "$2" "$3" "$4" >>"$PHASE_FILE"
}

phase() {
  local name=$1 start rc=0; shift
  start=$(phase_now)
  printf '%s\t%s\n' "$name" "$start" >>"$PHASE_FILE.running"
  "$@" || rc=$?
  phase_record "$name" "$start" "$(phase_now)" "$( ((rc == 0)) && echo ok || echo "failed ($rc)")"
  return $rc
}

phase_bg() {
  local name=$1; shift
  ( phase "$name" "$@" ) &
  PHASE_PID[$name]=$!
}

phase_wait() {
  local pid=${PHASE_PID[$1]:-}
  [[ -n $pid ]] || { echo "phase_wait: no background phase '$1'" >&2; return 2; }
  wait "$pid"
}

phase_note() {
  local now; now=$(phase_now)
  phase_record "$1" "$now" "$now" "$2"
}

phase_table() {
  local end; end=$(phase_now)
  [[ -n $PHASE_FILE && -f $PHASE_FILE ]] || return 0
  # phases begun but never recorded as ended (a run cut short) show as running
  [[ ! -f $PHASE_FILE.running ]] || awk -F'\t' -v end="$end" '
    NR == FNR { ended[$1 "\t" $2] = 1; next }
    !(($1 "\t" $2) in ended) { printf "%s\t%s\t%s\trunning\n", $1, $2, end }' \
    "$PHASE_FILE" "$PHASE_FILE.running" >>"$PHASE_FILE"
  rm -f "$PHASE_FILE.running"
  echo
  echo "where the time went (wall clock, from the run's start; phases side by side overlap):"
  awk -F'\t' -v t0="$PHASE_T0" -v end="$end" '
    function mmss(s) { s = int(s + 0.5); return sprintf("%d:%02d", s / 60, s % 60) }
    { printf "%s\t%s\t%s\t%s\n", $2 - t0, $3 - $2, $1, $4 }' "$PHASE_FILE" |
    sort -t$'\t' -k1,1n |
    awk -F'\t' '
      function mmss(s) { s = int(s + 0.5); return sprintf("%d:%02d", s / 60, s % 60) }
      BEGIN { printf "  %-34s %8s %8s %8s  %s\n", "phase", "start", "wall", "end", "status" }
      { printf "  %-34s %8s %8s %8s  %s\n", $3, mmss($1), mmss($2), mmss($1 + $2), $4 }'
  awk -v t0="$PHASE_T0" -v end="$end" -v cores="$(nproc)" '
    { s += $1; n++; if ($1 > max) max = $1 }
    END {
      t = int(end - t0 + 0.5)
      printf "  total %d:%02d (%d s) on %d cores; load average (1 min) over the run: mean %.1f, max %.1f (%d samples)\n",
        t / 60, t % 60, t, cores, (n ? s / n : 0), max, n
    }' "$PHASE_FILE.load"
}
