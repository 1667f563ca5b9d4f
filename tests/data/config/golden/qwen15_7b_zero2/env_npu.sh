#!/bin/bash
# Backend environment for npu; source it on every node before launching.
. /usr/local/Ascend/ascend-toolkit/set_env.sh
export ASCEND_RT_VISIBLE_DEVICES=0,1,2,3,4,5,6,7
# HCCL: allow slow first connections on large jobs (seconds)
export HCCL_CONNECT_TIMEOUT=1200
