/**
 * Faults applied during a measured run: the schedule's bookkeeping and the contract through which a fault on the
 * bundled exchange's members is applied. Sonde's own machinery, not an API to program against.
 */
package io.sonde.inprocess.fault;
