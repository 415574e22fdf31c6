#!/bin/bash
# Mediagate's Kafka, set up as its administrator: run by the Job mediagate-kafka-topics (kafka-topics.yaml) and by
# docker-compose.yml's kafka-setup, in the apache/kafka image. Every step may run again: what exists is left as it is.
#
#  1. the topics, with partitions sized for the consumers that scale on them: a consumer group uses at most one
#     consumer per partition, so the partitions of generation.requests and of each pipeline stage's input bound how far
#     KEDA scales routing and that stage (autoscaling.yaml). To grow one, run kafka-topics.sh --alter --partitions N.
#     Replication is TOPIC_REPLICATION (3 in the base; 1 for a single broker);
#  2. a SCRAM login for each service whose password is given here (<SERVICE>_KAFKA_PASSWORD, e.g. GATEWAY_KAFKA_PASSWORD;
#     compose gives them all; on Kubernetes the operator may create the users another way and give none);
#  3. each service's ACLs: the topics it reads and writes and its consumer groups, nothing else, so a foothold in one
#     service cannot write generation.requests (any user, any tier) unless it is the gateway's; KEDA's principal may only
#     describe the groups and topics it scales on.
#
# Logs in as MEDIAGATE_KAFKA_USER/_PASSWORD with MEDIAGATE_KAFKA_SECURITY_PROTOCOL and _SASL_MECHANISM (SCRAM-SHA-* or
# PLAIN). The services' principals are their names (MEDIAGATE_KAFKA_USER in each Deployment and in compose).
set -euo pipefail
: "${MEDIAGATE_KAFKA:?}" "${MEDIAGATE_KAFKA_SECURITY_PROTOCOL:?}" "${TOPIC_REPLICATION:?}"
umask 077
config=/tmp/kafka-admin.properties
echo "security.protocol=$MEDIAGATE_KAFKA_SECURITY_PROTOCOL" > "$config"
sasl=no
case "$MEDIAGATE_KAFKA_SECURITY_PROTOCOL" in
  SASL_*)
    sasl=yes
    case "${MEDIAGATE_KAFKA_SASL_MECHANISM:?}" in
      PLAIN) module=org.apache.kafka.common.security.plain.PlainLoginModule;;
      *) module=org.apache.kafka.common.security.scram.ScramLoginModule;;
    esac
    cat >> "$config" <<PROPERTIES
sasl.mechanism=$MEDIAGATE_KAFKA_SASL_MECHANISM
sasl.jaas.config=$module required username="${MEDIAGATE_KAFKA_USER:?}" password="${MEDIAGATE_KAFKA_PASSWORD:?}";
PROPERTIES
    ;;
esac

kafka() { # tool arguments...
  "/opt/kafka/bin/kafka-$1.sh" --bootstrap-server "$MEDIAGATE_KAFKA" --command-config "$config" "${@:2}"
}
create() { # topic partitions [--config k=v ...]
  kafka topics --create --if-not-exists --topic "$1" --partitions "$2" --replication-factor "$TOPIC_REPLICATION" "${@:3}"
}
login() { # principal password: the principal's SCRAM credentials, when its password is given
  [ -n "$2" ] || return 0
  kafka configs --alter --entity-type users --entity-name "$1" \
    --add-config "SCRAM-SHA-512=[password=$2]"
}
acl() { # principal acl-arguments...
  kafka acls --add --allow-principal "User:$1" "${@:2}"
}

create generation.requests 12
# a batch's lines, dispatched by routing to itself a few at a time (its own consumer group, routing-service-batch)
create generation.batch 12
create generation.replies 12
create generation.events 6
# partial images of streamed jobs: records of up to 16 MB, kept an hour
create generation.partials 6 --config max.message.bytes=16777216 --config retention.ms=3600000
create storage.events 6
create video.generated 12
create video.transcoded 6
create video.thumbnailed 6
create video.completed 6
create video.failed 3
create video.progress 6 --config retention.ms=3600000
create video.generated.dlq 1
create video.transcoded.dlq 1
create video.thumbnailed.dlq 1
create generation.requests.dlq 1
create generation.batch.dlq 1
create video.progress.routing.dlq 1
create generation.events.usage.dlq 1
create storage.events.usage.dlq 1

if [ "$sasl" = no ]; then
  echo "Kafka asks no login here ($MEDIAGATE_KAFKA_SECURITY_PROTOCOL): no users, no ACLs"
  exit 0
fi

login gateway-service "${GATEWAY_KAFKA_PASSWORD:-}"
login routing-service "${ROUTING_KAFKA_PASSWORD:-}"
login catalog-service "${CATALOG_KAFKA_PASSWORD:-}"
login media-service "${MEDIA_KAFKA_PASSWORD:-}"
login usage-service "${USAGE_KAFKA_PASSWORD:-}"
login video-pipeline-service "${PIPELINE_KAFKA_PASSWORD:-}"
login mediagate-keda "${KEDA_KAFKA_PASSWORD:-}"

# Consumer groups by prefix: a gateway or catalog replica joins a group named after itself.
acl gateway-service --operation Write --topic generation.requests
acl gateway-service --operation Read --topic generation.replies --topic generation.events --topic generation.partials
acl gateway-service --operation Read --group gateway- --resource-pattern-type prefixed
acl routing-service --operation Read --topic generation.requests --topic generation.batch --topic video.transcoded --topic video.thumbnailed --topic video.completed --topic video.failed --topic video.progress
acl routing-service --operation Write --topic generation.replies --topic generation.events --topic generation.partials --topic video.generated --topic generation.batch --topic generation.requests.dlq --topic generation.batch.dlq --topic video.progress.routing.dlq
acl routing-service --operation Read --group routing- --resource-pattern-type prefixed
acl catalog-service --operation Read --topic generation.events
acl catalog-service --operation Read --group catalog- --resource-pattern-type prefixed
acl media-service --operation Write --topic storage.events
acl usage-service --operation Read --topic generation.events --topic storage.events
acl usage-service --operation Write --topic generation.events.usage.dlq --topic storage.events.usage.dlq
acl usage-service --operation Read --group usage- --resource-pattern-type prefixed
acl video-pipeline-service --operation Read --topic video.generated --topic video.transcoded --topic video.thumbnailed
acl video-pipeline-service --operation Write --topic video.transcoded --topic video.thumbnailed --topic video.completed --topic video.failed --topic video.progress --topic video.generated.dlq --topic video.transcoded.dlq --topic video.thumbnailed.dlq
acl video-pipeline-service --operation Read --group pipeline- --resource-pattern-type prefixed
acl mediagate-keda --operation Describe --group routing-service --group pipeline-transcode --group pipeline-thumbnail --group pipeline-storage --topic generation.requests --topic video.generated --topic video.transcoded --topic video.thumbnailed
