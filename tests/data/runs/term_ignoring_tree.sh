#!/bin/sh
# A process tree for Stop tests: a child that ignores SIGTERM (as a hung data-loader worker or a
# shell wrapper with `trap '' TERM` does) and the leader waiting on it. Writes the child's pid to $1.
sh -c 'trap "" TERM; echo $$ > "$0"; while :; do sleep 0.1; done' "$1" &
echo "leader $$ child started"
wait
