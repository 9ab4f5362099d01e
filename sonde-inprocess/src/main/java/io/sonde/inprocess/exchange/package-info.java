/**
 * The bundled exchange as member processes Sonde starts, stops and applies faults to: what
 * {@code sonde run --embedded --nodes 3} and {@code sonde exchange --nodes 3} share. Sonde's own machinery, not an
 * API to program against.
 */
package io.sonde.inprocess.exchange;
