-- One database per service: no service reads another's tables.
CREATE DATABASE mediagate_gateway;
CREATE DATABASE mediagate_routing;
CREATE DATABASE mediagate_media;
CREATE DATABASE mediagate_usage;
