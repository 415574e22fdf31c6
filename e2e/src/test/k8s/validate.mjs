// Validates Kubernetes objects (a JSON array on stdin) against the schemas of the Kubernetes API and of
// KEDA's CRDs, as packaged by kubernetes-models and @kubernetes-models/keda. Prints one line per object,
// "ok <apiVersion> <kind> <name>" or "invalid <apiVersion> <kind> <name>: <errors>", and exits 1 when
// any object is invalid or of a kind it has no schema for.
import { readFileSync } from "node:fs";

const objects = JSON.parse(readFileSync(0, "utf8"));
let failed = false;
for (const object of objects) {
  const { apiVersion, kind } = object;
  const name = object.metadata?.name ?? "?";
  const module = apiVersion === "v1" ? `kubernetes-models/v1/${kind}`
    : apiVersion.startsWith("keda.sh/") ? `@kubernetes-models/keda/${apiVersion}/${kind}`
    : `kubernetes-models/${apiVersion}/${kind}`;
  let model;
  try {
    model = (await import(module))[kind];
  } catch (e) {
    console.log(`invalid ${apiVersion} ${kind} ${name}: no schema (${module})`);
    failed = true;
    continue;
  }
  try {
    new model(object).validate();
    console.log(`ok ${apiVersion} ${kind} ${name}`);
  } catch (e) {
    console.log(`invalid ${apiVersion} ${kind} ${name}: ${e.message.replace(/\s+/g, " ")}`);
    failed = true;
  }
}
process.exit(failed ? 1 : 0);
