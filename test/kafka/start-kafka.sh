#!/usr/bin/env bash
# Starts a single-node Kafka (KRaft: broker + controller in one JVM) on 127.0.0.1 with free ports, for the
# distributed tests. No Docker and no download site: the broker's jars come from Maven Central through
# Maven (pom.xml beside this file) and are cached, so later runs need no network.
#
#   test/kafka/start-kafka.sh [WORK_DIR]   prints KAFKA_BROKERS=127.0.0.1:PORT and KAFKA_DIR=WORK_DIR
#   test/kafka/stop-kafka.sh WORK_DIR [--keep]
#
# Started again on a WORK_DIR it stopped with --keep, it restarts the same broker: same ports (kept in
# WORK_DIR/ports), same data, so clients reconnect to the address they know and the topics and offsets remain.
#
# FATED_KAFKA_LIB overrides the jar cache (default ~/.cache/fated-kafka/<version>).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
version="$(sed -n 's:.*<kafka.version>\(.*\)</kafka.version>.*:\1:p' "$here/pom.xml")"
lib="${FATED_KAFKA_LIB:-${HOME:-/root}/.cache/fated-kafka/$version}"
work="${1:-$(mktemp -d "${TMPDIR:-/tmp}/fated-kafka.XXXXXX")}"
mkdir -p "$work"

log() { echo "start-kafka: $*" >&2; }

if ! command -v java >/dev/null 2>&1; then log "java is not installed (apt-get install -y default-jre-headless)"; exit 1; fi

if [ ! -f "$lib/.complete" ]; then
  if ! command -v mvn >/dev/null 2>&1; then log "mvn is not installed (apt-get install -y maven)"; exit 1; fi
  log "fetching Kafka $version jars into $lib (once)"
  rm -rf "$lib.tmp" && mkdir -p "$lib.tmp"
  mvn -B -q -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$lib.tmp" >&2
  touch "$lib.tmp/.complete"
  rm -rf "$lib" && mv "$lib.tmp" "$lib"
fi

# Two free loopback ports (the kernel picks them; the short race until Kafka binds is acceptable for tests).
free_port() { python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1]); s.close()' 2>/dev/null ||
  node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'; }
if [ -f "$work/ports" ]; then
  read -r broker_port controller_port <"$work/ports"
else
  broker_port="$(free_port)"
  controller_port="$(free_port)"
  while [ "$controller_port" = "$broker_port" ]; do controller_port="$(free_port)"; done
  echo "$broker_port $controller_port" >"$work/ports"
fi

cat > "$work/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$controller_port
listeners=PLAINTEXT://127.0.0.1:$broker_port,CONTROLLER://127.0.0.1:$controller_port
advertised.listeners=PLAINTEXT://127.0.0.1:$broker_port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$work/data
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=6
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
log.flush.interval.messages=1000000
PROPS

classpath="$lib/*"
jvm=(java -Xms256m -Xmx768m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true
  -Dlog4j2.configurationFile="$here/log4j2.properties" -cp "$classpath")

# A restart keeps the data (and the cluster id) it already has: format only a fresh WORK_DIR.
if [ ! -f "$work/data/meta.properties" ]; then
  # base64url of 16 random bytes, as Kafka makes them; drawn again when it starts with '-', which the tool's
  # argument parser would take for an option (1 format in 64 failed with "expected one argument").
  cluster_id="-"
  while [[ "$cluster_id" == -* ]]; do
    cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
  done
  "${jvm[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$work/server.properties" >"$work/format.log" 2>&1 ||
    { cat "$work/format.log" >&2; exit 1; }
fi

# Detached from the caller's stdio, so a test runner that waits for this script's output is not held open.
setsid nohup "${jvm[@]}" kafka.Kafka "$work/server.properties" >"$work/kafka.log" 2>&1 </dev/null &
echo $! >"$work/kafka.pid"

deadline=$((SECONDS + ${KAFKA_START_TIMEOUT:-90}))
until grep -q 'Kafka Server started' "$work/kafka.log" 2>/dev/null; do
  if ! kill -0 "$(cat "$work/kafka.pid")" 2>/dev/null; then log "broker exited:"; tail -40 "$work/kafka.log" >&2; exit 1; fi
  if [ $SECONDS -ge $deadline ]; then log "broker not ready in time:"; tail -40 "$work/kafka.log" >&2; "$here/stop-kafka.sh" "$work" || true; exit 1; fi
  sleep 0.3
done
echo "KAFKA_BROKERS=127.0.0.1:$broker_port"
echo "KAFKA_DIR=$work"
