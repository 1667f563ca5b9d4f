"""A tiny Trainer-style library, imported by launch_tiny_trainer.py."""
