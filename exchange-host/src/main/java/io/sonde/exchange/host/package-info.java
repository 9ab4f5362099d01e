/**
 * The bundled exchange as processes: its own main class ({@link io.sonde.exchange.host.ExchangeMain}), the shapes
 * it runs in ({@link io.sonde.exchange.host.ExchangeHost}), with the host's idle policy and its own hiccups
 * recorded, and the member processes a Sonde process starts and applies faults to
 * ({@link io.sonde.exchange.host.MemberProcesses}, {@link io.sonde.exchange.host.MemberFaults}): what
 * {@code sonde exchange}, {@code sonde run --embedded --nodes 3} and the exchange's container share.
 */
package io.sonde.exchange.host;
