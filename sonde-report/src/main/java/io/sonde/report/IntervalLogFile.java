package io.sonde.report;

import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.HistogramLogReader;

import java.io.FileNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads every interval of an HdrHistogram interval log, whoever wrote it (a run, a hiccup meter, jHiccup), with
 * the time stamps made absolute from its StartTime or BaseTime.
 */
final class IntervalLogFile
{
    private IntervalLogFile()
    {
    }

    /**
     * @param what what the log is, for the errors: e.g. {@code interval log}.
     * @throws ReportException naming the file when it is missing or not an interval log.
     */
    static List<EncodableHistogram> read(final Path file, final String what)
    {
        final List<EncodableHistogram> histograms = new ArrayList<>();
        try
        {
            final HistogramLogReader reader = new HistogramLogReader(file.toFile());
            try
            {
                EncodableHistogram histogram;
                while ((histogram = reader.nextIntervalHistogram()) != null)
                {
                    histograms.add(histogram);
                }
            }
            finally
            {
                reader.close();
            }
        }
        catch (final FileNotFoundException ex)
        {
            throw new ReportException(what + " " + file + " does not exist");
        }
        catch (final RuntimeException ex)
        {
            throw new ReportException(what + " " + file + " is corrupt or not an HdrHistogram log: " + ex);
        }
        return histograms;
    }
}
