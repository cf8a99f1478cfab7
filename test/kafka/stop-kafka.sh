#!/usr/bin/env bash
# Stops a broker started by start-kafka.sh and removes its work dir: stop-kafka.sh WORK_DIR [--keep]
set -uo pipefail
work="${1:?usage: stop-kafka.sh WORK_DIR [--keep]}"
if [ -f "$work/kafka.pid" ]; then
  pid="$(cat "$work/kafka.pid")"
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
  fi
fi
[ "${2:-}" = "--keep" ] || rm -rf "$work"
