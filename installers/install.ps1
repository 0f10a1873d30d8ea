# Installs the @@PRODUCT@@ command-line binary (@@BINARY@@) on Windows from its public release archive.
#
#   irm @@INSTALLER_PS1_URL@@ | iex
#
# `iex` passes no arguments, so the options are environment variables, set first in the same session:
#
#   $env:@@ENV_PREFIX@@_VERSION = '1.2.3'          install this release instead of the one pinned below (or the latest)
#   $env:@@ENV_PREFIX@@_INSTALL_DIR = 'C:\tools'   install into this folder (default: $env:LOCALAPPDATA\@@WINDOWS_INSTALL_SUBDIR@@)
#   $env:@@ENV_PREFIX@@_NO_MODIFY_PATH = '1'       leave Path as it is
#   $env:@@ENV_PREFIX@@_TARGET = '<target>'        install this build instead of the one this machine runs
#   $env:@@ENV_PREFIX@@_DOWNLOAD_URL = '<url>'     release archive to download from (default: @@RELEASE_ARCHIVE@@)
#
# A failure prints one line and sets $LASTEXITCODE to 1 without closing the window; in a CI step or
# `powershell -Command`, end with `; exit $LASTEXITCODE` so that the step fails with it.
#
# This script comes from the site, the root of trust, which built into it the SHA-256 of every archive of the
# release it was built with ($PinnedArchives below). That release installs on Windows PowerShell 5.1 with nothing
# added: the script downloads <archive>/download/v<version>/@@BINARY@@-windows-x64.zip (-baseline on a processor
# without AVX2) and installs it only when its SHA-256 (Get-FileHash) is the one pinned here. Any other release
# ($env:@@ENV_PREFIX@@_VERSION, or every release when the site was built without one) is checked the release's way:
# SHA256SUMS against its signature by the release key below, with ssh-keygen from OpenSSH 8.1 or later (Windows'
# OpenSSH Client), then the zip against SHA256SUMS. Per user, with no administrator rights; it adds the folder to
# the user's Path and never prompts.
# On macOS and Linux: curl -fsSL @@INSTALLER_URL@@ | sh
#
# Generated from src/installer/install.ps1: the quoted values below come from content/site.yaml and the release the
# site was built with, at build time.
# Runs on Windows PowerShell 5.1 and PowerShell 7.

# Everything is inside this one function, called on the last line: Invoke-Expression parses the whole text before
# it runs any of it, so a download cut short inside the function fails to parse and runs nothing, and one cut after
# it only defines the function.
function Install-CliRelease {
    # Set here, not at the top of the file: `irm | iex` runs the text in the caller's session, and both settings
    # hold for this scope and its children only (Set-StrictMode; about_Scopes), so the user's shell keeps its own.
    Set-StrictMode -Version Latest
    $ErrorActionPreference = 'Stop'
    # Windows PowerShell redraws a progress bar for each block Invoke-WebRequest reads, which makes a large
    # download slow (about_Preference_Variables, $ProgressPreference).
    $ProgressPreference = 'SilentlyContinue'

    $Binary = '@@BINARY@@'
    $Product = '@@PRODUCT@@'
    $EnvPrefix = '@@ENV_PREFIX@@'
    $ReleaseArchive = '@@RELEASE_ARCHIVE@@'
    $InstallerUrl = '@@INSTALLER_URL@@'
    $InstallerPs1Url = '@@INSTALLER_PS1_URL@@'
    $Targets = @('@@TARGETS@@' -split ' ')
    # The public half of the release signing key, and the namespace its signatures are made in (ssh-keygen -Y sign -n).
    $SigningKey = '@@RELEASE_SIGNING_KEY@@'
    $SigningNamespace = '@@SIGNING_NAMESPACE@@'
    $WindowsInstallSubdir = '@@WINDOWS_INSTALL_SUBDIR@@'
    # The release the site was built with, and the SHA-256 of each of its archives as <archive>=<sha256> words: both
    # empty when the site was built without one.
    $PinnedVersion = '@@PINNED_VERSION@@'
    $PinnedArchives = '@@PINNED_ARCHIVES@@'

    function Write-Step([string]$Message) {
        Write-Host "${Binary}: $Message"
    }

    # The first line of an error's message: a refusal is one line, and so is what reaches the user.
    function Get-FirstLine($Failure) {
        $message = if ($Failure -is [System.Management.Automation.ErrorRecord]) { $Failure.Exception.Message } else { "$Failure" }
        return @("$message" -split "`r?`n")[0].Trim()
    }

    # The value of the environment variable <ENV_PREFIX>_<name>, or '' when unset (install.sh: getenv).
    function Get-Option([string]$Name) {
        $value = [Environment]::GetEnvironmentVariable("${EnvPrefix}_$Name")
        if ($null -eq $value) { return '' }
        return $value
    }

    # Whether the processor has AVX2, which the default x64 build needs (the -baseline build runs without it).
    # PowerShell 7 asks .NET (System.Runtime.Intrinsics.X86.Avx2.IsSupported); Windows PowerShell 5.1 runs on .NET
    # Framework, which has no such type, so it asks Windows: IsProcessorFeaturePresent(PF_AVX2_INSTRUCTIONS_AVAILABLE,
    # 40). On Arm, where an x64 build runs under emulation, both say no; when neither can be asked, the answer is no.
    function Test-Avx2 {
        $intrinsics = 'System.Runtime.Intrinsics.X86.Avx2' -as [type]
        if ($null -ne $intrinsics) { return [bool]$intrinsics::IsSupported }
        try {
            $kernel = 'CliInstaller.Kernel32' -as [type]
            if ($null -eq $kernel) {
                $signature = '[DllImport("kernel32.dll")] public static extern bool IsProcessorFeaturePresent(uint feature);'
                $kernel = Add-Type -Namespace 'CliInstaller' -Name 'Kernel32' -MemberDefinition $signature -PassThru
            }
            return [bool]$kernel::IsProcessorFeaturePresent(40)
        } catch {
            return $false
        }
    }

    # The target that runs on this machine (windows-<arch>[-baseline]), or fails naming what it found.
    function Get-Target {
        # The machine's own architecture is the system-wide PROCESSOR_ARCHITECTURE; a 32-bit or emulated PowerShell
        # sees its own in its environment, and WOW64 puts the machine's in PROCESSOR_ARCHITEW6432 (WOW64
        # Implementation Details).
        $machine = ''
        try {
            $machine = (Get-ItemProperty -LiteralPath 'HKLM:\SYSTEM\CurrentControlSet\Control\Session Manager\Environment' -Name 'PROCESSOR_ARCHITECTURE').PROCESSOR_ARCHITECTURE
        } catch {
            $machine = ''
        }
        if (-not $machine) { $machine = [Environment]::GetEnvironmentVariable('PROCESSOR_ARCHITEW6432') }
        if (-not $machine) { $machine = [Environment]::GetEnvironmentVariable('PROCESSOR_ARCHITECTURE') }
        $supported = $Targets -join ' '
        switch ("$machine") {
            'AMD64' { $arch = 'x64' }
            'ARM64' { $arch = 'arm64' }
            'x86' { throw "unsupported architecture: x86 (32-bit Windows; supported: $supported)" }
            default { throw "unsupported architecture: $machine (supported: $supported)" }
        }
        if ($arch -eq 'arm64' -and $Targets -notcontains 'windows-arm64') {
            if ($Targets -notcontains 'windows-x64' -and $Targets -notcontains 'windows-x64-baseline') {
                throw "no $Product binary is published for windows-arm64 (supported: $supported)"
            }
            # Windows 11 on Arm runs x64 programs under emulation; Windows 10 on Arm runs only 32-bit x86 ones
            # (Microsoft: How emulation works on Arm). Windows 11 is build 22000 and later.
            if ([Environment]::OSVersion.Version.Build -lt 22000) {
                throw "no $Product binary is published for windows-arm64, and Windows 10 on ARM cannot run x64 programs (supported: $supported)"
            }
            Write-Step 'this is ARM64 Windows: installing the x64 binary, which Windows 11 runs under emulation'
            $arch = 'x64'
        }
        $target = "windows-$arch"
        if ($arch -eq 'x64' -and -not (Test-Avx2)) {
            if ($Targets -contains "$target-baseline") { return "$target-baseline" }
            throw "this processor lacks AVX2, which the $target build needs, and no $target-baseline build is published (supported: $supported)"
        }
        if ($Targets -contains $target) { return $target }
        throw "no $Product binary is published for $target (supported: $supported)"
    }

    # The HTTP status of a failed web request, or 0 when there was no answer. Windows PowerShell and PowerShell 7
    # throw different exception types, both with a Response that has a StatusCode.
    function Get-HttpStatus($Exception) {
        $response = $Exception.PSObject.Properties['Response']
        if ($null -eq $response -or $null -eq $response.Value) { return 0 }
        try { return [int]$response.Value.StatusCode } catch { return 0 }
    }

    # Downloads Url to OutFile. Like `curl --retry 3` in install.sh: a failure without an answer, or a 5xx answer,
    # is tried again; a 4xx answer is final.
    function Save-Download([string]$Url, [string]$OutFile) {
        $attempt = 1
        while ($true) {
            try {
                Invoke-WebRequest -Uri $Url -OutFile $OutFile -UseBasicParsing
                return
            } catch {
                $status = Get-HttpStatus $_.Exception
                if ($attempt -ge 3 -or ($status -ge 400 -and $status -lt 500)) {
                    throw "download failed: $Url ($(Get-FirstLine $_))"
                }
            }
            Start-Sleep -Seconds $attempt
            $attempt += 1
        }
    }

    # The ssh-keygen.exe programs to try: Windows' own OpenSSH Client first (System32\OpenSSH; Sysnative when
    # this PowerShell is 32-bit, which sees SysWOW64 as System32), then any other on Path.
    function Find-SshKeygen {
        $found = @()
        $own = @(
            (Join-Path ([Environment]::GetFolderPath('System')) 'OpenSSH\ssh-keygen.exe'),
            (Join-Path ([Environment]::GetFolderPath('Windows')) 'Sysnative\OpenSSH\ssh-keygen.exe')
        )
        foreach ($candidate in $own) {
            if ((Test-Path -LiteralPath $candidate -PathType Leaf) -and $found -notcontains $candidate) { $found += $candidate }
        }
        foreach ($command in @(Get-Command -Name 'ssh-keygen.exe' -CommandType Application -ErrorAction SilentlyContinue)) {
            if ($found -notcontains $command.Path) { $found += $command.Path }
        }
        return $found
    }

    # Runs Exe with Arguments and Stdin as its exact bytes: a PowerShell pipe to a program re-encodes text and
    # adds line ends (about_Character_Encoding), which would change what the signature covers.
    function Invoke-WithStdin([string]$Exe, [string[]]$Arguments, [byte[]]$Stdin) {
        $info = New-Object System.Diagnostics.ProcessStartInfo
        $info.FileName = $Exe
        # Windows PowerShell's .NET has no ArgumentList. No argument here holds a double quote or ends in a
        # backslash, so quoting each one is enough (Microsoft: Parsing C++ command-line arguments).
        $info.Arguments = @($Arguments | ForEach-Object { '"' + $_ + '"' }) -join ' '
        $info.UseShellExecute = $false
        $info.CreateNoWindow = $true
        $info.RedirectStandardInput = $true
        $info.RedirectStandardOutput = $true
        $info.RedirectStandardError = $true
        $process = [System.Diagnostics.Process]::Start($info)
        # Both outputs are read while the program runs, so that neither pipe can fill and stall it.
        $stdout = $process.StandardOutput.ReadToEndAsync()
        $stderr = $process.StandardError.ReadToEndAsync()
        try {
            $process.StandardInput.BaseStream.Write($Stdin, 0, $Stdin.Length)
            $process.StandardInput.Close()
        } catch {
            # The program stopped reading (a usage error, say): its exit code tells.
            $null = $_
        }
        if (-not $process.WaitForExit(60000)) {
            try { $process.Kill() } catch { $null = $_ }
            throw "$Exe did not finish"
        }
        $process.WaitForExit()
        return @{ Code = $process.ExitCode; Output = $stdout.Result + $stderr.Result }
    }

    # Refuses unless SigPath is a valid signature of Sums by the release key, in the release namespace, as one of
    # Keygens (ssh-keygen.exe programs) checks it.
    function Assert-Signature([string[]]$Keygens, [byte[]]$Sums, [string]$SigPath, [string]$SumsUrl) {
        # ssh-keygen's ALLOWED SIGNERS format: the principal, then the key; -I names the principal to check.
        $allowedSigners = Join-Path (Split-Path -Parent $SigPath) 'allowed_signers'
        [System.IO.File]::WriteAllText($allowedSigners, "$SigningNamespace $SigningKey`n", (New-Object System.Text.UTF8Encoding $false))
        $arguments = @('-Y', 'verify', '-f', $allowedSigners, '-I', $SigningNamespace, '-n', $SigningNamespace, '-s', $SigPath)
        $tooOld = @()
        foreach ($keygen in $Keygens) {
            $result = Invoke-WithStdin $keygen $arguments $Sums
            if ($result.Code -eq 0) {
                Write-Step "verified the signature of SHA256SUMS ($SigningNamespace)"
                return
            }
            # -Y verify came with OpenSSH 8.1; an older ssh-keygen (Windows 10 1809 ships one) rejects -Y itself.
            if ($result.Output -match 'option -- Y|unknown option|illegal option|usage: ssh-keygen') {
                $tooOld += $keygen
                continue
            }
            $detail = Get-FirstLine $result.Output
            if (-not $detail) { $detail = "ssh-keygen exited with $($result.Code)" }
            throw "the signature of $SumsUrl does not verify (${detail}): refusing to install"
        }
        throw "cannot check the release signature: ssh-keygen.exe is older than OpenSSH 8.1 ($($tooOld -join ', ')). Update Windows or its OpenSSH Client, then run this again"
    }

    # The SHA-256 this script pins for archive Name, or ''.
    function Get-PinnedSum([string]$Name) {
        foreach ($pin in @($PinnedArchives -split ' ')) {
            $parts = @($pin -split '=', 2)
            if ($parts.Count -eq 2 -and $parts[0] -ceq $Name) { return $parts[1] }
        }
        return ''
    }

    # The checksum that SUMS (sha256sum format: "<hash>  <file>" or "<hash> *<file>") lists for Name.
    function Get-ExpectedSum([byte[]]$Sums, [string]$Name, [string]$SumsUrl) {
        $text = [System.Text.Encoding]::UTF8.GetString($Sums)
        foreach ($line in @($text -split "`n")) {
            $fields = @($line.Trim() -split '\s+')
            if ($fields.Count -ge 2 -and ($fields[1] -ceq $Name -or $fields[1] -ceq "*$Name")) {
                $sum = $fields[0].ToLowerInvariant()
                # \A and \z: .NET's $ also matches before a final newline (Regular Expression Language: Anchors).
                if ($sum -cnotmatch '\A[0-9a-f]{64}\z') { throw "malformed checksum for $Name in ${SumsUrl}: refusing to install" }
                return $sum
            }
        }
        throw "no checksum for $Name in ${SumsUrl}: refusing to install"
    }

    # Whether PathValue (a Path variable) lists Dir, however its case, trailing backslash or %VARIABLES% differ.
    function Test-PathEntry([string]$PathValue, [string]$Dir) {
        $want = $Dir.TrimEnd('\')
        foreach ($entry in @($PathValue -split ';')) {
            $have = [Environment]::ExpandEnvironmentVariables($entry.Trim().Trim('"')).TrimEnd('\')
            if ($have -and $have -ieq $want) { return $true }
        }
        return $false
    }

    # Puts Source at <Dir>\<binary>.exe and returns that path. Windows refuses to overwrite or delete a program
    # that is running but lets it be renamed, so an installed binary is first moved aside to <binary>.exe.old.
    function Install-Binary([string]$Source, [string]$Dir) {
        try {
            $null = New-Item -ItemType Directory -Path $Dir -Force
        } catch {
            throw "could not create ${Dir}: $(Get-FirstLine $_)"
        }
        $destination = Join-Path $Dir "$Binary.exe"
        # Staged in the same folder, so that putting it in place is a rename.
        $staged = Join-Path $Dir ".$Binary.exe.$([Guid]::NewGuid().ToString('N')).tmp"
        try {
            try {
                Copy-Item -LiteralPath $Source -Destination $staged
            } catch {
                throw "could not write to ${Dir}: $(Get-FirstLine $_)"
            }
            # What earlier installs moved aside; one still running stays until a later install.
            Get-ChildItem -LiteralPath $Dir -Filter "$Binary.exe*.old" -Force | Remove-Item -Force -ErrorAction SilentlyContinue
            $aside = ''
            if (Test-Path -LiteralPath $destination) {
                $aside = "$destination.old"
                if (Test-Path -LiteralPath $aside) { $aside = "$destination.$([Guid]::NewGuid().ToString('N').Substring(0, 8)).old" }
                try {
                    Move-Item -LiteralPath $destination -Destination $aside
                } catch {
                    throw "could not replace ${destination}: $(Get-FirstLine $_)"
                }
            }
            try {
                Move-Item -LiteralPath $staged -Destination $destination
            } catch {
                $reason = Get-FirstLine $_
                if ($aside) { Move-Item -LiteralPath $aside -Destination $destination -ErrorAction SilentlyContinue }
                throw "could not install ${destination}: $reason"
            }
            if ($aside) { Remove-Item -LiteralPath $aside -Force -ErrorAction SilentlyContinue }
        } finally {
            Remove-Item -LiteralPath $staged -Force -ErrorAction SilentlyContinue
        }
        return $destination
    }

    # Adds Dir to the user's Path (and this session's) unless it is there or the user said not to; says which.
    function Update-UserPath([string]$Dir, [string]$NoModifyPath) {
        if ($NoModifyPath -ceq '1') {
            Write-Step "left Path as it is (${EnvPrefix}_NO_MODIFY_PATH=1)"
            return $false
        }
        $userPath = [Environment]::GetEnvironmentVariable('Path', 'User')
        $machinePath = [Environment]::GetEnvironmentVariable('Path', 'Machine')
        if ((Test-PathEntry $userPath $Dir) -or (Test-PathEntry $machinePath $Dir)) {
            Write-Step "$Dir is already on your Path"
        } else {
            $newPath = if ($userPath) { $userPath.TrimEnd(';') + ';' + $Dir } else { $Dir }
            # The user's Path, not the machine's: no administrator rights. .NET writes HKCU\Environment and
            # broadcasts WM_SETTINGCHANGE, so terminals opened from now on see it (Environment.SetEnvironmentVariable).
            [Environment]::SetEnvironmentVariable('Path', $newPath, 'User')
            Write-Step "added $Dir to your user Path; terminals opened from now on find $Binary there"
        }
        # Under `irm | iex` this is the user's own session, which then finds the binary without a restart.
        $sessionPath = [string]$env:Path
        if (-not (Test-PathEntry $sessionPath $Dir)) {
            $env:Path = if ($sessionPath) { $sessionPath.TrimEnd(';') + ';' + $Dir } else { $Dir }
        }
        return $true
    }

    function Install-Release {
        if ([Environment]::OSVersion.Platform -ne [PlatformID]::Win32NT) {
            throw "this installer is for Windows; on macOS and Linux run: curl -fsSL $InstallerUrl | sh"
        }
        if ($PSVersionTable.PSVersion.Major -lt 5) {
            throw "Windows PowerShell 5.1 or PowerShell 7 is needed, not $($PSVersionTable.PSVersion)"
        }
        if ($PSVersionTable.PSVersion.Major -lt 6) {
            # Windows PowerShell runs on .NET Framework, whose default protocols may leave out TLS 1.2 (Microsoft:
            # Transport Layer Security best practices with the .NET Framework); add it, keeping the others.
            [Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
        }

        $version = Get-Option 'VERSION'
        $installDir = Get-Option 'INSTALL_DIR'
        $baseUrl = Get-Option 'DOWNLOAD_URL'
        $noModifyPath = Get-Option 'NO_MODIFY_PATH'
        $target = Get-Option 'TARGET'

        if (-not $version) { $version = 'latest' }
        if ($version -cne 'latest') {
            if ($version -cnotmatch '\A[A-Za-z0-9._+-]+\z') { throw "invalid version: '$version' (e.g. 1.2.3)" }
            $version = 'v' + ($version -creplace '\Av', '')
        }
        if ($target -and $Targets -cnotcontains $target) { throw "unknown target: '$target' (one of: $($Targets -join ' '))" }
        if (-not $installDir) {
            $localAppData = [Environment]::GetEnvironmentVariable('LOCALAPPDATA')
            if (-not $localAppData) { $localAppData = [Environment]::GetFolderPath('LocalApplicationData') }
            if (-not $localAppData) { throw "LOCALAPPDATA is not set: set `$env:${EnvPrefix}_INSTALL_DIR to a folder" }
            $installDir = Join-Path $localAppData $WindowsInstallSubdir
        }
        # Relative to PowerShell's current location, which is not the process's working directory that .NET
        # resolves against (PathIntrinsics.GetUnresolvedProviderPathFromPSPath).
        $installDir = $ExecutionContext.SessionState.Path.GetUnresolvedProviderPathFromPSPath($installDir)
        # Path separates its folders with ';', so a folder holding one cannot be put on it.
        if ($installDir.Contains(';')) { throw "the install folder may not contain ';': $installDir" }
        if (-not $baseUrl) { $baseUrl = $ReleaseArchive }
        $baseUrl = $baseUrl.TrimEnd('/')
        if ($baseUrl -notmatch '\Ahttps://' -and $baseUrl -notmatch '\Ahttp://(127\.0\.0\.1|localhost)(\z|[:/])') {
            Write-Step "warning: $baseUrl is not https: the download is not protected in transit"
        }

        if (-not $target) { $target = Get-Target }
        $archive = "$Binary-$target.zip"

        # The release this script pins installs on its pinned SHA-256 alone; any other needs its signature checked,
        # which needs ssh-keygen: looked for before any download.
        $pinned = ''
        $why = ''
        if ($PinnedVersion -and ($version -ceq 'latest' -or $version -ceq "v$PinnedVersion")) {
            $pinned = Get-PinnedSum $archive
            $why = "this installer pins no $archive of $Product $PinnedVersion"
            $version = "v$PinnedVersion"
        } elseif ($PinnedVersion) {
            $why = "$version is not the release this installer pins ($PinnedVersion)"
        } else {
            $why = 'this installer pins no release (its site was built without one)'
        }
        $keygens = @()
        if (-not $pinned) {
            $keygens = @(Find-SshKeygen)
            if ($keygens.Count -eq 0) {
                throw "$why, so its signature must be checked, which needs ssh-keygen.exe (OpenSSH Client 8.1 or later), not found here: add OpenSSH Client under Settings, Optional features (or, as administrator: Add-WindowsCapability -Online -Name OpenSSH.Client~~~~0.0.1.0), then run this again"
            }
        }
        if ($version -ceq 'latest') { $url = "$baseUrl/latest/download" } else { $url = "$baseUrl/download/$version" }

        $tmp = Join-Path ([System.IO.Path]::GetTempPath()) "$Binary-install-$([Guid]::NewGuid().ToString('N'))"
        try {
            $null = New-Item -ItemType Directory -Path $tmp
            $zipPath = Join-Path $tmp $archive

            Write-Step "downloading $Product ($version, $target) from $url/$archive"
            Save-Download "$url/$archive" $zipPath
            if ($pinned) {
                $expected = $pinned
                $source = "pinned by $InstallerPs1Url"
            } else {
                $sumsPath = Join-Path $tmp 'SHA256SUMS'
                $sigPath = Join-Path $tmp 'SHA256SUMS.sig'
                Save-Download "$url/SHA256SUMS" $sumsPath
                Save-Download "$url/SHA256SUMS.sig" $sigPath
                # Read once: the bytes whose signature is checked are the bytes the checksum is then taken from.
                $sums = [System.IO.File]::ReadAllBytes($sumsPath)
                Assert-Signature $keygens $sums $sigPath "$url/SHA256SUMS"
                $expected = Get-ExpectedSum $sums $archive "$url/SHA256SUMS"
                $source = "listed in $url/SHA256SUMS"
            }
            $actual = (Get-FileHash -LiteralPath $zipPath -Algorithm SHA256 -ErrorAction Stop).Hash.ToLowerInvariant()
            if ($expected -cne $actual) {
                throw "checksum mismatch for $archive (expected $expected, $source; got $actual): refusing to install"
            }
            Write-Step "verified SHA-256 $actual ($source)"

            $unpacked = Join-Path $tmp 'unpacked'
            try {
                Expand-Archive -LiteralPath $zipPath -DestinationPath $unpacked -ErrorAction Stop
            } catch {
                throw "could not unpack ${archive}: $(Get-FirstLine $_)"
            }
            $exe = Join-Path $unpacked "$Binary.exe"
            if (-not (Test-Path -LiteralPath $exe -PathType Leaf)) { throw "$archive holds no '$Binary.exe' at its root" }

            $installed = Install-Binary $exe $installDir
            Write-Step "installed $installed"
            if (Update-UserPath $installDir $noModifyPath) {
                $first = @(Get-Command -Name "$Binary.exe" -CommandType Application -ErrorAction SilentlyContinue) | Select-Object -First 1
                if ($first -and $first.Path -ine $installed) {
                    Write-Step "warning: $($first.Path) comes first on your Path, so '$Binary' runs that one"
                }
                Write-Step "run '$Binary --help' to get started"
            } else {
                Write-Step "to get started, run: & '$installed' --help"
            }
        } finally {
            Remove-Item -LiteralPath $tmp -Recurse -Force -ErrorAction SilentlyContinue
        }
    }

    try {
        Install-Release
        $global:LASTEXITCODE = 0
    } catch {
        Write-Host "${Binary}: error: $(Get-FirstLine $_)" -ForegroundColor Red
        # `exit` would end the user's own shell under `irm | iex` (about_Language_Keywords, exit), so only a run
        # from a file exits; otherwise the failure is in $LASTEXITCODE, as Scoop's installer does under iex.
        if ($MyInvocation.ScriptName) { exit 1 }
        $global:LASTEXITCODE = 1
    }
}

Install-CliRelease
