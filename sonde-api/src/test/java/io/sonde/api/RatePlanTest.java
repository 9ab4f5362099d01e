package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RatePlanTest
{
    @Test
    void ratePlansRiseGeometricallyToTheTopRateAndRefuseNonsense()
    {
        assertEquals(List.of(1_000.0, 2_000.0, 4_000.0, 8_000.0, 10_000.0), RatePlan.geometric(1_000, 10_000, 2));
        assertEquals(List.of(5_000.0), RatePlan.geometric(5_000, 5_000, 2));
        assertThrows(InvalidOptionException.class, () -> RatePlan.geometric(1_000, 10_000, 1));
        assertThrows(InvalidOptionException.class, () -> RatePlan.geometric(0, 10_000, 2));
        final InvalidOptionException falling =
            assertThrows(InvalidOptionException.class, () -> RatePlan.of(List.of(5_000.0, 1_000.0)));
        assertTrue(falling.getMessage().contains("1000 after 5000"), falling.getMessage());
    }
}
