package io.sonde.scenarios;

import io.sonde.api.ExitCode;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A book that cannot be is refused before anything starts, with exit code 2 and a message naming the option.
 */
class BookOptionsTest
{
    @ParameterizedTest(name = "{0}")
    @MethodSource("impossibleBooks")
    void anImpossibleBookExitsTwoNamingTheOption(final String mistake, final List<String> options, final String says)
    {
        final List<String> args = new ArrayList<>(List.of("run", "--embedded", "--flow", "book", "--duration", "1s"));
        args.addAll(options);

        final CliHarness cli = CliHarness.run(args.toArray(new String[0]));

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.startsWith("sonde: " + says), cli.toString());
    }

    static Stream<Arguments> impossibleBooks()
    {
        return Stream.of(
            Arguments.of("an order-to-trade ratio below 1", List.of("--order-to-trade", "0.5"),
                "--order-to-trade must be at least 1"),
            Arguments.of("shares that do not add up", List.of("--order-to-trade", "5", "--cancel-share", "0.95"),
                "--cancel-share 0.95, --replace-share 0.0 and --order-to-trade 5.0 do not add up"),
            Arguments.of("a share above 1", List.of("--cancel-share", "1.5"),
                "--cancel-share must be a share between 0 and 1"),
            Arguments.of("depth 0", List.of("--book-depth", "0"), "--book-depth must be at least 1"),
            Arguments.of("a cap smaller than one symbol's book", List.of("--book-depth", "10", "--max-resting", "10"),
                "--max-resting 10 is smaller than the book"),
            Arguments.of("a cap smaller than the symbols' book",
                List.of("--symbols", "A,B,C,D", "--book-depth", "10", "--max-resting", "50"),
                "--max-resting 50 is smaller than the book: --book-depth 10 over 4 symbol(s) needs 80"),
            Arguments.of("a quantity below one lot", List.of("--book-quantity", "uniform:0-5"), "--book-quantity"),
            Arguments.of("book in a mix", List.of("--mix", "new=1,book=1"), "--mix weighs"));
    }
}
