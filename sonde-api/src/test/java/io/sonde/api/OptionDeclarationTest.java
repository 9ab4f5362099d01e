package io.sonde.api;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What an option declares about itself holds wherever it is used: the options it excludes, both ways, and its
 * default, said once in its help and taken from the constant the code falls back to.
 */
class OptionDeclarationTest
{
    private static final Pattern DEFAULT = Pattern.compile("\\(default: ");

    @Test
    void anExclusionDeclaredOnOneOptionHoldsBothWays()
    {
        assertTrue(FixLoad.EMBEDDED.excludes(FixLoad.TARGET));
        assertTrue(FixLoad.TARGET.excludes(FixLoad.EMBEDDED));
        assertTrue(SweepSpec.RATES.excludes(SweepSpec.SIZES));
        assertTrue(FixLoad.SCHEDULE.excludes(FixLoad.SESSION_GROUPS));
        assertTrue(FixLoad.STAGES.excludes(RunSpec.RATE));
    }

    @Test
    void optionsThatGoTogetherDoNotExcludeEachOther()
    {
        assertFalse(SweepSpec.FROM.excludes(SweepSpec.TO));
        assertFalse(FixLoad.SCHEDULE.excludes(FixLoad.STAGES));
        assertFalse(SweepSpec.SIZES.excludes(SweepSpec.SIZE_RATE));
    }

    @Test
    void aSpecGivenTwoOptionsThatExcludeEachOtherIsRefusedWithTheExclusionsMessage()
    {
        assertEquals("--session-groups gives each group its shape: drop --stages", assertThrows(
            InvalidOptionException.class, () -> RunSpec.builder().embedded(true)
                .sessionGroups(SessionGroups.parse("2:constant")).stages(RateStages.parse("1k:1s")).build())
            .getMessage());
        assertEquals("--session-groups gives each group its shape: drop --burst-size", assertThrows(
            InvalidOptionException.class, () -> RunSpec.builder().embedded(true)
                .sessionGroups(SessionGroups.parse("2:constant")).burstSize(5).build()).getMessage());
    }

    @Test
    void aFlagGivenFalseExcludesNothing()
    {
        assertEquals(new Target("127.0.0.1", 9880),
            RunSpec.builder().embedded(false).target("127.0.0.1", 9880).build().load().target().orElseThrow());
    }

    @Test
    void everyOptionSaysItsDefaultOnceAtMost()
    {
        final List<Option<?>> options = new ArrayList<>(RunSpec.OPTIONS);
        options.addAll(SweepSpec.OPTIONS);
        for (final Option<?> option : options)
        {
            final Matcher defaults = DEFAULT.matcher(option.help());
            int count = 0;
            while (defaults.find())
            {
                count++;
            }
            assertTrue(count <= 1, option + ": " + option.help());
        }
    }

    @Test
    void aDefaultThatAnotherOptionOrTheVenueDecidesIsTheConstantTheCodeFallsBackTo()
    {
        assertTrue(FixLoad.SYMBOLS.help().endsWith("(default: the venue profile's, else " +
            String.join(",", FixLoad.DEFAULT_SYMBOLS) + ")"), FixLoad.SYMBOLS.help());
        assertTrue(FixLoad.SENDER_COMP_ID.help().endsWith("else " + FixLoad.DEFAULT_SENDER_COMP_ID + ")"),
            FixLoad.SENDER_COMP_ID.help());
        assertTrue(RunSpec.RATE.help().endsWith("(default: " + Rates.format(RunSpec.DEFAULT_RATE) +
            ", or the stages')"), RunSpec.RATE.help());
        assertTrue(FixLoad.SYMBOLS.defaultValue().isEmpty(), "the venue profile's symbols come first");
    }

    @Test
    void anOptionIsWrittenAsTheCommandLineTakesIt()
    {
        assertEquals(List.of("--rate", "2k"), RunSpec.RATE.argument(2_000.0));
        assertEquals(List.of("--embedded"), FixLoad.EMBEDDED.argument(true));
        assertEquals(List.of(), FixLoad.EMBEDDED.argument(false));
    }
}
