#!/bin/bash
# Backend environment for cuda; source it on every node before launching.
export CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7
