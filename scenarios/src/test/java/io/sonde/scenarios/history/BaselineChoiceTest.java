package io.sonde.scenarios.history;

import org.junit.jupiter.api.Test;
import picocli.CommandLine.TypeConversionException;

import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BaselineChoiceTest
{
    private final BaselineChoice.Converter converter = new BaselineChoice.Converter();

    @Test
    void readsTheThreeForms()
    {
        assertTrue(converter.convert("last").isLast());
        assertEquals(Map.entry("branch", "main"), converter.convert("label:branch=main").label());
        assertEquals(42, converter.convert("42").runId());
    }

    @Test
    void anythingElseIsRefusedByName()
    {
        for (final String wrong : new String[]{"previous", "label:branch", "label:=main", "0", "-3"})
        {
            final TypeConversionException ex = assertThrows(TypeConversionException.class,
                () -> converter.convert(wrong));
            assertTrue(ex.getMessage().contains(wrong), ex.getMessage());
        }
    }
}
