package io.sonde.api;

import java.util.List;

/**
 * The rules between the options of an {@link ExchangeSpec}, checked when it is built, so that a wrong combination
 * costs nothing but its message: each names the options that do not go together. What only the exchange itself can
 * judge (an address that resolves, a network interface that exists, a users file that reads) it checks as it
 * starts.
 */
final class ExchangeSpecChecks
{
    private ExchangeSpecChecks()
    {
    }

    /**
     * @throws InvalidOptionException naming the options that do not go together.
     */
    static void check(final ExchangeSpec spec)
    {
        checkMarketData(spec);
        if (!spec.isOneProcess() && spec.threads() != ExchangeThreads.AUTO)
        {
            throw new InvalidOptionException(ExchangeSpec.THREADS + " applies to the exchange in one process " +
                "(no " + ExchangeSpec.NODES + ", " + ExchangeSpec.MEMBER_ID + " or " + ExchangeSpec.MEMBERS + ")");
        }
        checkFaults(spec);
        if (spec.status() && spec.members().isEmpty())
        {
            throw new InvalidOptionException(ExchangeSpec.STATUS + " needs " + ExchangeSpec.MEMBERS);
        }
        if (spec.memberId().isPresent() && spec.members().isEmpty())
        {
            throw new InvalidOptionException(ExchangeSpec.MEMBER_ID + " needs " + ExchangeSpec.MEMBERS);
        }
    }

    static String memberRefusal(final FaultKind kind)
    {
        return switch (kind)
        {
            case KILL_LEADER, PAUSE_LEADER -> "";
            case KILL_GATEWAY -> "the gateway runs inside the Sonde process that applies the faults, so it cannot " +
                "be killed and restarted on its own";
            case PARTITION_LEADER -> "the members share this host's loopback interface: cutting the leader off " +
                "needs each member in a network namespace of its own, which Sonde does not create";
            default -> kind.cliName() + " is a fault on Sonde's own sessions, not on the exchange";
        };
    }

    static void checkMemberFaults(final List<Fault> faults)
    {
        for (final Fault fault : faults)
        {
            final String refusal = fault.kind().onExchange() ? memberRefusal(fault.kind()) : "";
            if (!refusal.isEmpty())
            {
                throw new InvalidOptionException(ExchangeSpec.FAULT + " " + fault + ": " + refusal);
            }
        }
    }

    /**
     * Each fault on the exchange, of a kind member processes take, and only where the exchange starts them.
     */
    private static void checkFaults(final ExchangeSpec spec)
    {
        for (final Fault fault : spec.faults())
        {
            if (!fault.kind().onExchange())
            {
                throw new InvalidOptionException(ExchangeSpec.FAULT + " " + fault + ": " + fault.kind() +
                    " acts on a client's FIX sessions; give it to 'sonde run', which owns them");
            }
            if (spec.nodes() != 3 || spec.memberId().isPresent() || spec.members().isPresent())
            {
                throw new InvalidOptionException(ExchangeSpec.FAULT + " " + fault + " needs " + ExchangeSpec.NODES +
                    " 3: the faults are applied to the member processes this command starts");
            }
        }
        checkMemberFaults(spec.faults());
    }

    /**
     * The feed goes to unicast destinations or a multicast group, from a gateway.
     */
    private static void checkMarketData(final ExchangeSpec spec)
    {
        final boolean udp = spec.marketDataUdp().isPresent();
        final boolean multicast = spec.marketDataMulticast().isPresent();
        final boolean anInterface = spec.marketDataInterface().isPresent();
        if (udp && multicast)
        {
            throw new InvalidOptionException(ExchangeSpec.MD_UDP + " and " + ExchangeSpec.MD_MULTICAST +
                ": the feed goes to one or the other");
        }
        if (udp && anInterface)
        {
            throw new InvalidOptionException(ExchangeSpec.MD_INTERFACE + " is for " + ExchangeSpec.MD_MULTICAST +
                ", not " + ExchangeSpec.MD_UDP);
        }
        if (!udp && !multicast && (anInterface || spec.marketDataSnapshotPort().isPresent()))
        {
            throw new InvalidOptionException((anInterface ? ExchangeSpec.MD_INTERFACE :
                ExchangeSpec.MD_SNAPSHOT_PORT) + " needs " + ExchangeSpec.MD_UDP + " or " + ExchangeSpec.MD_MULTICAST);
        }
        if (multicast && !anInterface)
        {
            throw new InvalidOptionException(ExchangeSpec.MD_MULTICAST + " needs " + ExchangeSpec.MD_INTERFACE +
                " (the interface to send on)");
        }
        if ((udp || multicast) && spec.memberId().isPresent())
        {
            throw new InvalidOptionException((udp ? ExchangeSpec.MD_UDP : ExchangeSpec.MD_MULTICAST) +
                ": a gateway publishes the feed, and " + ExchangeSpec.MEMBER_ID + " runs none");
        }
    }
}
