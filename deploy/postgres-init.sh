#!/bin/bash
# docker-compose.yml's PostgreSQL, on its first start: one database per service, owned by a login of that service's own
# with the password compose gives it (<SERVICE>_DB_PASSWORD). No service reads another's tables, and none has the
# superuser's password. Kubernetes deployments create the same (docs/operations.md, "Deploying to Kubernetes").
set -euo pipefail

service_database() { # service: its login and database mediagate_<service>, the password from <SERVICE>_DB_PASSWORD
  local name="mediagate_$1" variable="${1^^}_DB_PASSWORD"
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v name="$name" -v password="${!variable:?set $variable}" <<'SQL'
CREATE ROLE :"name" LOGIN PASSWORD :'password';
CREATE DATABASE :"name" OWNER :"name";
REVOKE ALL ON DATABASE :"name" FROM PUBLIC;
SQL
}

service_database gateway
service_database routing
service_database media
service_database usage
