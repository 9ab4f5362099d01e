package io.sonde.exchange.host;

import io.sonde.api.ExchangeSpec;
import io.sonde.api.InvalidOptionException;
import io.sonde.exchange.EmbeddedExchange;
import io.sonde.exchange.cluster.ClusterMember;
import io.sonde.exchange.cluster.ElectionTimings;
import io.sonde.exchange.gateway.ConnectionLimits;
import io.sonde.exchange.gateway.GatewaySettings;
import io.sonde.exchange.gateway.UserDirectory;
import io.sonde.loadgen.idle.HostIdle;
import io.sonde.md.publish.FeedOptions;
import io.sonde.md.publish.FeedSettings;

import java.io.PrintWriter;
import java.util.List;

/**
 * What an {@link ExchangeSpec} asks of the exchange, read into the exchange's own settings before anything starts,
 * so that a value the spec cannot judge (an address, a member list, a leader timeout the cluster refuses) costs
 * nothing but its message, an {@link InvalidOptionException} naming the option.
 */
final class ExchangeSetup
{
    /** What the feed's options are named with: {@code --md-udp} and its siblings. */
    private static final String MD_OPTION_PREFIX = "--md-";

    private final ExchangeSpec spec;
    private final ElectionTimings electionTimings;
    private final FeedSettings feed;
    private final List<ClusterMember> cluster;

    private ExchangeSetup(final ExchangeSpec spec)
    {
        this.spec = spec;
        this.electionTimings = electionTimings(spec);
        this.feed = FeedOptions.parse(spec.marketDataUdp(), spec.marketDataMulticast(), spec.marketDataInterface(),
            spec.marketDataSnapshotPort(), MD_OPTION_PREFIX);
        this.cluster = spec.members().map(members -> cluster(spec, members)).orElse(List.of());
    }

    /**
     * @throws InvalidOptionException naming the option whose value the exchange cannot take.
     */
    static ExchangeSetup check(final ExchangeSpec spec)
    {
        return new ExchangeSetup(spec);
    }

    ElectionTimings electionTimings()
    {
        return electionTimings;
    }

    FeedSettings feed()
    {
        return feed;
    }

    /**
     * @return the members of {@code --members}; empty without it.
     */
    List<ClusterMember> cluster()
    {
        return cluster;
    }

    /**
     * @return who may log on: the users file's, else anyone, which is said.
     * @throws InvalidOptionException when the users file cannot be read.
     */
    UserDirectory users(final PrintWriter out)
    {
        if (spec.users().isEmpty())
        {
            out.println("sonde exchange: no " + ExchangeSpec.USERS + " file, accepting every logon");
            return UserDirectory.open();
        }
        try
        {
            return UserDirectory.fromFile(spec.users().get());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ExchangeSpec.USERS + ": " + ex.getMessage(), ex);
        }
    }

    GatewaySettings gatewaySettings(final UserDirectory users, final HostIdle mode, final int connectTimeoutSeconds)
    {
        return new GatewaySettings(spec.bind(), spec.port(), users, EmbeddedExchange.gatewayFolder(),
            mode::newStrategy, connectTimeoutSeconds, spec.logFixMessages(), ConnectionLimits.DEFAULTS, feed,
            spec.symbols());
    }

    private static ElectionTimings electionTimings(final ExchangeSpec spec)
    {
        try
        {
            return ElectionTimings.forLeaderTimeout(spec.leaderTimeout().toNanos());
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ExchangeSpec.LEADER_TIMEOUT + ": " + ex.getMessage(), ex);
        }
    }

    private static List<ClusterMember> cluster(final ExchangeSpec spec, final String members)
    {
        final List<ClusterMember> cluster;
        try
        {
            cluster = ClusterMember.parse(members);
        }
        catch (final IllegalArgumentException ex)
        {
            throw new InvalidOptionException(ExchangeSpec.MEMBERS + ": " + ex.getMessage(), ex);
        }
        spec.memberId().ifPresent(memberId ->
        {
            if (memberId >= cluster.size())
            {
                throw new InvalidOptionException(ExchangeSpec.MEMBER_ID + " " + memberId + " is not in 0.." +
                    (cluster.size() - 1) + " for " + ExchangeSpec.MEMBERS + " " + members);
            }
        });
        return cluster;
    }
}
