package io.sonde.scenarios.exchange;

import io.sonde.api.ExitCode;
import io.sonde.exchange.cluster.MemberThreads;
import io.sonde.scenarios.CliHarness;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code sonde exchange --threads}: {@code auto} gives the exchange one busy thread on a host of two cores or
 * fewer, where a run started beside it needs the other core, and wherever the other Sonde processes leave no room
 * for two; {@code 1} and {@code 2} are obeyed; anything else stops the command naming the option.
 */
@Timeout(60)
class ExchangeThreadsTest
{
    @Test
    void autoTakesOneThreadOnTwoCoresEvenWhenNoOtherProcessIsThereYet()
    {
        final ExchangeThreads.Choice choice = ExchangeThreads.AUTO.choose(0, 2);

        assertEquals(MemberThreads.ONE, choice.threads());
        assertTrue(choice.why().contains("a run beside the exchange"), choice.why());
        assertEquals(MemberThreads.ONE, ExchangeThreads.AUTO.choose(0, 1).threads());
    }

    @Test
    void autoTakesTwoThreadsWhenTheyFitBesideWhatOthersClaim()
    {
        assertEquals(MemberThreads.TWO, ExchangeThreads.AUTO.choose(0, 3).threads());
        assertEquals(MemberThreads.TWO, ExchangeThreads.AUTO.choose(2, 4).threads());
    }

    @Test
    void autoTakesOneThreadWhenOthersLeaveNoRoomForTwo()
    {
        final ExchangeThreads.Choice choice = ExchangeThreads.AUTO.choose(3, 4);

        assertEquals(MemberThreads.ONE, choice.threads());
        assertTrue(choice.why().contains("claim 3 busy threads"), choice.why());
    }

    @Test
    void anExplicitCountIsObeyedWhateverTheHost()
    {
        assertEquals(MemberThreads.ONE, ExchangeThreads.ONE.choose(0, 64).threads());
        assertEquals(MemberThreads.TWO, ExchangeThreads.TWO.choose(10, 2).threads());
    }

    @Test
    void aCountOtherThanAutoOneOrTwoIsRefusedNamingTheOptionAndTheChoices()
    {
        final CliHarness cli = CliHarness.run("exchange", "--threads", "3", "--no-hiccups");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--threads") && cli.err.contains("auto, 1, 2"), cli.toString());
    }

    @Test
    void aCountForAnExchangeOfSeveralProcessesIsRefused()
    {
        final CliHarness cli = CliHarness.run("exchange", "--threads", "1", "--nodes", "3", "--no-hiccups");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--threads applies to the exchange in one process"), cli.toString());
    }

    @Test
    void theHelpNamesTheOption()
    {
        final CliHarness cli = CliHarness.run("exchange", "--help");

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("--threads"), cli.out);
    }
}
