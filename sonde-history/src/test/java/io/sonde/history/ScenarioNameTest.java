package io.sonde.history;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

class ScenarioNameTest
{
    @Test
    void whereResultsGoAndHowTheyAreLabelledIsNotPartOfTheSetup()
    {
        final String first = ScenarioName.of("run", List.of("run", "--embedded", "--rate", "1k", "--out", "a",
            "--history", "h.db", "--label", "build=1", "--baseline", "last", "--credentials", "c.properties"));
        final String second = ScenarioName.of("run", List.of("--embedded", "--out=b", "--rate", "1k", "--no-history",
            "--label=build=2", "--regression-tolerance", "20", "--junit", "sonde.xml", "--metrics-port", "9465",
            "--metrics-host", "0.0.0.0"));

        assertEquals("run --embedded --rate 1k", first);
        assertEquals(first, second);
    }

    @Test
    void howManyTimesTheSetupIsMeasuredIsNotPartOfIt()
    {
        assertEquals(ScenarioName.of("run", List.of("--embedded", "--rate", "1k")),
            ScenarioName.of("run", List.of("--embedded", "--repeat", "3", "--rate", "1k")));
        assertEquals("sweep --embedded --rates 1k,2k",
            ScenarioName.of("sweep", List.of("--embedded", "--repeat=2", "--rates", "1k,2k")));
    }

    @Test
    void whatIsMeasuredIsPartOfTheSetup()
    {
        assertNotEquals(ScenarioName.of("run", List.of("--embedded", "--rate", "1k")),
            ScenarioName.of("run", List.of("--embedded", "--rate", "2k")));
    }
}
