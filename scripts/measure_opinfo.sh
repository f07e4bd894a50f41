#!/bin/bash
# Scripted measurement for docs/PERFORMANCE.md (Op-info logs).
F=${1:-/tmp/plog-pid_1000_1g.log}
CLI=${2:-./build/app/twinscope-cli}
ls -l $F
uptime
cat $F > /dev/null
for i in 1 2 3; do
  /usr/bin/time -f "cat %e s" cat $F > /dev/null
  /usr/bin/time -f "twinscope 1 core %e s wall %U user %S sys %M KB" taskset -c 0 $CLI opinfo --json $F > /tmp/opinfo_1.json
  /usr/bin/time -f "twinscope 2 cores %e s wall %U user %S sys %M KB" taskset -c 0,1 $CLI opinfo --json $F > /tmp/opinfo_2.json
  /usr/bin/time -f "python baseline %e s wall %U user %S sys %M KB" python3 scripts/baseline_opinfo.py $F
done
uptime
cmp /tmp/opinfo_1.json /tmp/opinfo_2.json && echo "1-core and 2-core JSON identical"
