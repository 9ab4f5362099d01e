package io.sonde.scenarios.cli;

import io.sonde.scenarios.SondeMain;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SondeProcessTest
{
    @Test
    void theChildProcessRunsTheLaunchersMainClass()
    {
        assertEquals(SondeMain.class.getName(), SondeProcess.MAIN_CLASS, "renamed or moved: update MAIN_CLASS");

        final List<String> command = SondeProcess.javaCommand();
        assertEquals(SondeMain.class.getName(), command.get(command.size() - 1));
    }
}
