#!/bin/bash
# Issue #30, session 24: untimed bot games on a many-core machine, one game (or a rotated pair)
# a job, for SECONDS at most; whole games only come back. A job line is "NAME TREE ARGS..." (the
# simulate arguments; @ROOT is this checkout), written by s24_burst_jobs.py into .dev/jobs.txt,
# interleaved so that a cut run still holds every kind. Each kind's games land in $OUT/NAME.jsonl
# (simulate's --each lines with --profile), each job's seconds in $OUT/times.txt.
# Usage, from the repo root: python3 scripts/experiments/s24_burst_jobs.py && OUT=DIR bash
# scripts/experiments/s24_burst.sh SECONDS. Where msgspec is missing (a bare machine), put its
# wheel in .whl/ (ignored) and it is installed into /tmp/site first.
LIMIT=${1:-420}
if ls .whl/*.whl > /dev/null 2>&1; then
  python3 -m pip install -q --no-index --no-deps --no-compile --no-cache-dir --upgrade --target /tmp/site .whl/*.whl || exit 1
fi
ROOT=$PWD
nproc; grep -m1 "model name" /proc/cpuinfo; python3 --version
mkdir -p /tmp/res
cat > /tmp/job.sh <<'EOS'
#!/bin/bash
name=$1; tree=$2; shift 2
SECONDS=0
cd "$tree" && MARQUEE_UNTIMED_BOTS=1 PYTHONPATH=/tmp/site:$tree python3 -m engine simulate "$@" --profile --each /tmp/res/$name.$$.jsonl > /dev/null 2>/tmp/res/$name.$$.err
echo "$name $SECONDS $*" >> /tmp/res/times.txt
EOS
chmod +x /tmp/job.sh
sed "s#@ROOT#$ROOT#g" .dev/jobs.txt > /tmp/jobs.txt
wc -l /tmp/jobs.txt
timeout $LIMIT xargs -P "$(nproc)" -L 1 /tmp/job.sh < /tmp/jobs.txt
sleep 1
for kind in $(cut -d' ' -f1 /tmp/jobs.txt | sort -u); do cat /tmp/res/$kind.*.jsonl 2>/dev/null > "$OUT/$kind.jsonl"; done
cp /tmp/res/times.txt "$OUT/times.txt"
cat /tmp/res/*.err 2>/dev/null | sort | uniq -c | sort -rn | head -5 > "$OUT/errors.txt"
wc -l "$OUT"/*.jsonl
