# Sourced by the scripts CI runs: phase_start NAME prints the wall-clock time a phase starts,
# phase_end its duration, so that a CI log shows where its time goes.
phase_start() {
  _phase_name=$1
  _phase_t0=$(date +%s)
  echo "=== $(date -u +%H:%M:%S) start: $_phase_name"
}
phase_end() {
  local seconds=$(( $(date +%s) - _phase_t0 ))
  echo "=== $(date -u +%H:%M:%S) done: $_phase_name ($((seconds / 60)) min $((seconds % 60)) s)"
}
# build_progress LOG: reads a build's output, keeps all of it in LOG and prints a line with the time
# at every 10% of progress, so a long build is not silent in the CI log.
build_progress() {
  local log=$1 last=-10 line p
  : > "$log"
  while IFS= read -r line; do
    printf '%s\n' "$line" >> "$log"
    if [[ $line =~ ^\[\ *([0-9]+)%\] ]]; then
      p=${BASH_REMATCH[1]}
      if (( p >= last + 10 )); then
        echo "    $(date -u +%H:%M:%S) $_phase_name: $p%"
        last=$p
      fi
    fi
  done
}
