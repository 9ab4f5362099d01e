package io.sonde.api;

import io.sonde.api.engine.IdleStrategies;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleModeTest
{
    @Test
    void autoSpinsWhenTheBusyThreadsFitTheCoresAndSpinsOnlyAWindowWhenTheyDoNot()
    {
        assertEquals(IdleMode.BUSY_SPIN, IdleMode.AUTO.forBusyThreads(1, 2));
        assertEquals(IdleMode.BUSY_SPIN, IdleMode.AUTO.forBusyThreads(2, 2));
        assertEquals(IdleMode.SPIN_WINDOW, IdleMode.AUTO.forBusyThreads(3, 2));
        assertEquals(IdleMode.SPIN_WINDOW, IdleMode.AUTO.forBusyThreads(7, 2), "three members and a gateway");
    }

    @Test
    void anExplicitChoiceIsKeptWhateverTheLayout()
    {
        assertEquals(IdleMode.BACKOFF, IdleMode.BACKOFF.forBusyThreads(1, 64));
        assertEquals(IdleMode.BUSY_SPIN, IdleMode.BUSY_SPIN.forBusyThreads(7, 2));
        assertInstanceOf(BusySpinIdleStrategy.class, IdleStrategies.newStrategy(IdleMode.BUSY_SPIN));
    }

    @Test
    void autoMustBeResolvedBeforeItMakesAStrategy()
    {
        assertThrows(IllegalStateException.class, () -> IdleStrategies.newStrategy(IdleMode.AUTO));
    }

    @Test
    void everyLabelParsesAndAWrongOneIsNamedWithTheChoices()
    {
        for (final IdleMode mode : IdleMode.values())
        {
            assertEquals(mode, IdleMode.parse(mode.toString()));
        }
        final InvalidOptionException error = assertThrows(InvalidOptionException.class,
            () -> IdleMode.parse("spinny"));
        assertTrue(error.getMessage().contains("'spinny'") && error.getMessage().contains("spin-window"),
            error.getMessage());
    }
}
