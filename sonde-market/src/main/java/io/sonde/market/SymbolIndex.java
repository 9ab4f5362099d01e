package io.sonde.market;

import org.agrona.collections.Long2LongHashMap;

import java.util.List;

/**
 * A symbol's index among the market's symbols, looked up from an order's chars without a String: a hash of the
 * chars into a primitive map, then the chars compared.
 */
final class SymbolIndex
{
    static final int UNKNOWN = -1;

    private final char[][] names;
    private final Long2LongHashMap byHash;

    SymbolIndex(final List<MarketSymbol> symbols)
    {
        names = new char[symbols.size()][];
        byHash = new Long2LongHashMap(2 * symbols.size(), 0.65f, UNKNOWN);
        for (int i = 0; i < names.length; i++)
        {
            final String name = symbols.get(i).symbol();
            names[i] = name.toCharArray();
            final long hash = hash(names[i], names[i].length);
            if (byHash.containsKey(hash))
            {
                throw new IllegalArgumentException("symbols " + name + " and " +
                    new String(names[(int)byHash.get(hash)]) + " cannot be told apart by their hash");
            }
            byHash.put(hash, i);
        }
    }

    /**
     * @return the index of the symbol spelled by the first {@code length} chars, or {@link #UNKNOWN}.
     */
    int indexOf(final char[] chars, final int length)
    {
        final int index = (int)byHash.get(hash(chars, length));
        if (index == UNKNOWN)
        {
            return UNKNOWN;
        }
        final char[] name = names[index];
        if (name.length != length)
        {
            return UNKNOWN;
        }
        for (int i = 0; i < length; i++)
        {
            if (name[i] != chars[i])
            {
                return UNKNOWN;
            }
        }
        return index;
    }

    char[] name(final int index)
    {
        return names[index];
    }

    int size()
    {
        return names.length;
    }

    private static long hash(final char[] chars, final int length)
    {
        long hash = 0xcbf29ce484222325L;
        for (int i = 0; i < length; i++)
        {
            hash = (hash ^ chars[i]) * 0x100000001b3L;
        }
        return hash;
    }
}
