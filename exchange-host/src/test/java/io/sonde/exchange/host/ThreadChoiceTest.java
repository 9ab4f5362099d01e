package io.sonde.exchange.host;

import io.sonde.api.ExchangeThreads;
import io.sonde.api.ExitCode;
import io.sonde.exchange.cluster.MemberThreads;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code --threads} of the exchange: {@code auto} gives the exchange one busy thread on a host of two cores or
 * fewer, where a run started beside it needs the other core, and wherever the other Sonde processes leave no room
 * for two; {@code 1} and {@code 2} are obeyed; anything else stops the command naming the option.
 */
@Timeout(60)
class ThreadChoiceTest
{
    @Test
    void autoTakesOneThreadOnTwoCoresEvenWhenNoOtherProcessIsThereYet()
    {
        final ThreadChoice choice = ThreadChoice.choose(ExchangeThreads.AUTO, 0, 2);

        assertEquals(MemberThreads.ONE, choice.threads());
        assertTrue(choice.why().contains("a run beside the exchange"), choice.why());
        assertEquals(MemberThreads.ONE, ThreadChoice.choose(ExchangeThreads.AUTO, 0, 1).threads());
    }

    @Test
    void autoTakesTwoThreadsWhenTheyFitBesideWhatOthersClaim()
    {
        assertEquals(MemberThreads.TWO, ThreadChoice.choose(ExchangeThreads.AUTO, 0, 3).threads());
        assertEquals(MemberThreads.TWO, ThreadChoice.choose(ExchangeThreads.AUTO, 2, 4).threads());
    }

    @Test
    void autoTakesOneThreadWhenOthersLeaveNoRoomForTwo()
    {
        final ThreadChoice choice = ThreadChoice.choose(ExchangeThreads.AUTO, 3, 4);

        assertEquals(MemberThreads.ONE, choice.threads());
        assertTrue(choice.why().contains("claim 3 busy threads"), choice.why());
    }

    @Test
    void anExplicitCountIsObeyedWhateverTheHost()
    {
        assertEquals(MemberThreads.ONE, ThreadChoice.choose(ExchangeThreads.ONE, 0, 64).threads());
        assertEquals(MemberThreads.TWO, ThreadChoice.choose(ExchangeThreads.TWO, 10, 2).threads());
    }

    @Test
    void aCountOtherThanAutoOneOrTwoIsRefusedNamingTheOptionAndTheChoices()
    {
        final MainHarness cli = MainHarness.run("--threads", "3", "--no-hiccups");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--threads") && cli.err.contains("auto, 1, 2"), cli.toString());
    }

    @Test
    void aCountForAnExchangeOfSeveralProcessesIsRefused()
    {
        final MainHarness cli = MainHarness.run("--threads", "1", "--nodes", "3", "--no-hiccups");

        assertEquals(ExitCode.BAD_USAGE.code(), cli.exitCode, cli.toString());
        assertTrue(cli.err.contains("--threads applies to the exchange in one process"), cli.toString());
    }

    @Test
    void theHelpNamesTheOption()
    {
        final MainHarness cli = MainHarness.run("--help");

        assertEquals(0, cli.exitCode, cli.toString());
        assertTrue(cli.out.contains("--threads THREADS"), cli.out);
    }
}
