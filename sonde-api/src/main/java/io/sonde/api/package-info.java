/**
 * Sonde in code: build a run ({@link io.sonde.api.RunSpec}) or a sweep ({@link io.sonde.api.SweepSpec}) with the
 * command line's options, run it in this process ({@link io.sonde.api.inprocess.Sonde}), and read its typed result
 * ({@link io.sonde.api.RunReport}, {@link io.sonde.api.SweepReport}), which reads the same from any run's output
 * folder. Options are checked when built, and every error names the option, as the command line spells it.
 */
package io.sonde.api;
