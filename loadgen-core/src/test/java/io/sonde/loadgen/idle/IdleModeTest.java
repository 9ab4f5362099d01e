package io.sonde.loadgen.idle;

import io.sonde.api.IdleMode;
import io.sonde.api.InvalidOptionException;
import org.agrona.concurrent.BusySpinIdleStrategy;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IdleModeTest
{
    @Test
    void anExplicitChoiceMakesItsOwnStrategy()
    {
        assertInstanceOf(BusySpinIdleStrategy.class, IdleStrategies.newStrategy(IdleMode.BUSY_SPIN));
    }

    @Test
    void autoHasNoFixedStrategyForItFollowsTheHost()
    {
        assertThrows(IllegalStateException.class, () -> IdleStrategies.newStrategy(IdleMode.AUTO),
            "auto follows the host");
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
