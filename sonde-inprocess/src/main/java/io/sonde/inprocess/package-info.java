/**
 * Runs and sweeps in this process ({@link io.sonde.inprocess.Sonde}), built from {@link io.sonde.api}'s specs
 * and carried out by {@link io.sonde.inprocess.run}: the one package that sees both, so the engine depends on the
 * specs and never the other way round.
 */
package io.sonde.inprocess;
