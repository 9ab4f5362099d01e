package io.sonde.loadgen.idle;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ThreadLayoutTest
{
    @Test
    void aLayoutDescribesEachBusyThreadAndHowItWaits()
    {
        final ThreadLayout layout = new ThreadLayout(List.of(
            new ThreadLayout.BusyThread("sonde-load", List.of("load agent", "FIX library")),
            new ThreadLayout.BusyThread("exchange-service", List.of("matching engine"))), "busy-spin", 2);
        assertEquals("2 busy threads, busy-spin, 2 cores: sonde-load (load agent, FIX library); " +
            "exchange-service (matching engine)", layout.describe());
    }

    @Test
    void oneBusyThreadIsNotPlural()
    {
        final ThreadLayout layout = new ThreadLayout(
            List.of(new ThreadLayout.BusyThread("sonde-acceptor", List.of("library poll"))), "spin-window", 1);
        assertEquals("1 busy thread, spin-window, 1 core: sonde-acceptor (library poll)", layout.describe());
    }
}
