#!/usr/bin/env bash
# `make cluster`: three kingscourt processes on the local PostgreSQL and Redis behind haproxy
# on http://127.0.0.1:8000 (deploy/haproxy.cfg); KINGSCOURT_BOT_WORKERS=N adds N bot workers
# (`kingscourt bot-worker`, one bot process per core each). Ctrl-C stops them all.
set -euo pipefail
cd "$(dirname "$0")/.."
DB="${KINGSCOURT_DB:-postgresql+psycopg://postgres@127.0.0.1:5432/kingscourt}"
REDIS="${KINGSCOURT_REDIS:-redis://127.0.0.1:6379/0}"
command -v haproxy >/dev/null || { echo "haproxy is not installed (apt-get install haproxy)" >&2; exit 1; }
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; wait' EXIT INT TERM
# the first process migrates the database; the others start once it answers
# the processes believe the client addresses haproxy forwards (from 127.0.0.1 only)
.venv/bin/kingscourt serve --port 8001 --db "$DB" --redis "$REDIS" --trusted-proxy 127.0.0.1 & pids+=($!)
until curl -sf http://127.0.0.1:8001/api/games >/dev/null; do sleep 0.5; done
for port in 8002 8003; do
    .venv/bin/kingscourt serve --port "$port" --db "$DB" --redis "$REDIS" --trusted-proxy 127.0.0.1 & pids+=($!)
done
for _ in $(seq 1 "${KINGSCOURT_BOT_WORKERS:-0}"); do
    .venv/bin/kingscourt bot-worker --redis "$REDIS" & pids+=($!)
done
haproxy -f deploy/haproxy.cfg & pids+=($!)
echo "kingscourt cluster on http://127.0.0.1:8000 (processes on 8001-8003)"
wait
