"""The «¿Acertaste?» answers of each lesson: one module per lesson (named as its module in
kit.lessons), each with `acertaste`, a `kit.exercises.predictions.Respuestas` whose answers are
written from computed values, and `predice` for the lesson's setup cell to import beside it."""
