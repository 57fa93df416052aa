"""The exercises of each lesson, one module a lesson (``lesson_03``), registered by
:mod:`dicepoker.lessons.exercise_registry`. Each module lists ``EXERCISES`` in order."""
