#!/usr/bin/env bash
# What reading Content Credentials costs, before and after the bounded reading of issue 52: a signed JPEG of about
# 10 MB and a signed MP4 of about 100 MB (both made here with ffmpeg, signed with a development credential) are read
# RUNS times by the provenance classes of BEFORE (a commit, default 1b73683: the reading as it was) and of the working
# tree, each in a JVM of its own with the same heap. Per file and variant: the state read, the median time of one
# reading, the bytes the reading thread allocated per reading, and the JVM's peak resident memory (VmHWM). The two
# variants read the very same files in the same run; the ratios are the claim. A third file is the hostile one the
# issue describes: a 1 MiB PNG whose signed claim names its one 1 MiB assertion 2,000 times.
# Usage: [RUNS=5] [BEFORE=1b73683] bench/c2pa-read.sh
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS="${RUNS:-5}"; BEFORE="${BEFORE:-1b73683}"
JAVA_HOME="${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"; java="$JAVA_HOME/bin/java"; javac="$JAVA_HOME/bin/javac"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
./mvnw -B -q -o install -DskipTests -Dmediagate.skip-local-build=true -pl infra/launcher,ffmpeg,provenance >/dev/null
./mvnw -B -q -o org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath -pl provenance \
  -Dmdep.outputFile="$work/cp" >/dev/null
jackson="$(tr ':' '\n' < "$work/cp" | grep jackson | paste -sd:)"
# The reading as it was: BEFORE's provenance sources, compiled alone.
mkdir -p "$work/before-src" "$work/before" "$work/after" "$work/bench"
git archive "$BEFORE" provenance/src/main/java | tar -x -C "$work/before-src"
"$javac" -q -nowarn -d "$work/before" -cp "$jackson" $(find "$work/before-src" -name '*.java') 2>/dev/null \
  || "$javac" -nowarn -d "$work/before" -cp "$jackson" $(find "$work/before-src" -name '*.java')
cp -r provenance/target/classes/. "$work/after"
"$javac" -nowarn -d "$work/bench" -cp "$work/after:infra/launcher/target/classes:infra/launcher/target/lib/*:ffmpeg/target/classes:$jackson" bench/c2pa-read/ReadBench.java
ffmpeg() { "$java" -cp "$work/bench:$work/after:infra/launcher/target/classes:infra/launcher/target/lib/*:ffmpeg/target/classes:$(tr ':' '\n' < "$work/cp" | grep -E 'jackson|bytedeco' | paste -sd:)" ReadBench ffmpeg "$@"; }
# The files: a large noisy JPEG and a large 1080p clip, each signed as generated.
ffmpeg -v error -y -f lavfi -i "nullsrc=s=3700x2700,geq=random(1)*255:random(2)*255:random(3)*255" -frames:v 1 -q:v 2 "$work/plain.jpg"
ffmpeg -v error -y -f lavfi -i "testsrc2=size=1920x1080:rate=30" -t 25 -c:v libx264 -preset ultrafast -qp 0 -pix_fmt yuv420p "$work/plain.mp4"
run() { "$java" -Xmx2g -cp "$1:$work/bench:infra/launcher/target/classes:infra/launcher/target/lib/*:$jackson" ReadBench "${@:2}"; }
run "$work/after" sign "$work/keys" "$work/plain.jpg" "$work/signed.jpg" image/jpeg
run "$work/after" sign "$work/keys" "$work/plain.mp4" "$work/signed.mp4" video/mp4
run "$work/after" hostile "$work/keys" "$work/hostile.png" 2000
echo "Reading Content Credentials, $(nproc) cores, median of $RUNS readings each (after two warm-up readings)"
printf '%-8s %9s %-7s %-8s %10s %14s %12s\n' file MB variant state 'ms/read' 'MB alloc/read' 'peak RSS MB'
for file in signed.jpg:image/jpeg signed.mp4:video/mp4 hostile.png:image/png; do
  name="${file%%:*}"; mime="${file#*:}"; size="$(awk "BEGIN { printf \"%.1f\", $(stat -c %s "$work/$name") / 1048576 }")"
  for variant in before after; do
    if ! IFS=$'\t' read -r state ms alloc peak < <(run "$work/$variant" read "$work/keys" "$work/$name" "$mime" "$RUNS" 2>"$work/err"); then
      state="failed: $(grep -o 'OutOfMemoryError[^,]*' "$work/err" | head -1)"; ms=-; alloc=-; peak=-
    fi
    printf '%-8s %9s %-7s %-8s %10s %14s %12s\n' "$name" "$size" "$variant" "$state" "$ms" "$alloc" "$peak"
  done
done
