/**
 * How a run and a sweep are carried out, shared by the {@code sonde} command line and
 * {@link io.sonde.inprocess.Sonde}: Sonde's own machinery, not an API to program against; its types may change
 * between versions.
 */
package io.sonde.inprocess.run;
