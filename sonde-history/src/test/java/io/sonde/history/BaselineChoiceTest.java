package io.sonde.history;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineChoiceTest
{
    @Test
    void readsTheThreeForms()
    {
        assertTrue(BaselineChoice.parse("last").isLast());
        assertEquals(Map.entry("branch", "main"), BaselineChoice.parse("label:branch=main").label());
        assertEquals(42, BaselineChoice.parse("42").runId());
    }

    @Test
    void anythingElseIsRefusedByName()
    {
        for (final String wrong : new String[]{"previous", "label:branch", "label:=main", "0", "-3"})
        {
            final IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
                () -> BaselineChoice.parse(wrong));
            assertTrue(ex.getMessage().contains(wrong), ex.getMessage());
        }
    }
}
