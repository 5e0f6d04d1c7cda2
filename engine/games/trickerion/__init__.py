"""Trickerion: Legends of Illusion (Mindclash Games). Component data lives in ``components``."""
