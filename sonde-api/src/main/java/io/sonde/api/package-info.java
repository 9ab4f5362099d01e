/**
 * Sonde's contract: build a run ({@link io.sonde.api.RunSpec}) or a sweep ({@link io.sonde.api.SweepSpec}) with
 * the command line's options, run it in this process ({@code io.sonde.inprocess.Sonde}, module sonde-inprocess),
 * another process or a container, and read its typed result ({@link io.sonde.api.RunReport},
 * {@link io.sonde.api.SweepReport}), which reads the same from any run's output folder, with its verdict
 * ({@link io.sonde.api.Verdict}) and the exit code the command line gives for it ({@link io.sonde.api.ExitCode},
 * the one table of exit codes). Options are defined once ({@link io.sonde.api.Option}), checked when built, and
 * every error names the option as the command line spells it. Public signatures use JDK types and this package's
 * only.
 */
package io.sonde.api;
