"""Game-independent solvers that need more than the core allows (scipy): the zero-sum solver, Kuhn poker."""
