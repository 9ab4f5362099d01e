/**
 * How {@code sonde calibrate} and {@link io.sonde.inprocess.Sonde#calibrate} measure the host's floors: the TCP
 * echo's round trip, the one-way UDP floor and Sonde's own FIX floor, into an {@link io.sonde.api.FloorReport}.
 * Sonde's own machinery, not an API to program against; its types may change between versions.
 */
package io.sonde.inprocess.floor;
